import { Alert, Grid, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { anyApprovedAffiliateChoices, approvedApplications, approvedCampaignChoices, campaignChoices } from '../../api/choices';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, type FieldInfos } from '../../api/errors';
import { useCreateTrackingLink } from '../../api/generated/tracking/tracking';
import type { TrackingLink } from '../../api/generated/model';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { SearchSelect } from '../../components/SearchSelect';
import { keyed, useForm } from '../../forms/useForm';
import { useToast } from '../../toasts/ToastProvider';
import {
  MAX_NAME_LENGTH,
  brandFormToInput,
  emptyBrandLinkForm,
  linkFormCodes,
  validateBrandLinkForm,
  type LinkField,
  type LinkFormKey,
} from './linkForm';

interface TrackingLinkDialogProps {
  open: boolean;
  /** Whether any affiliate is approved in the brand's campaigns (undefined while that is asked). */
  anyApproved: boolean | undefined;
  onClose: () => void;
  onCreated: (link: TrackingLink) => void;
}

/** The brand's create-tracking-link dialog: affiliate, campaign, link name and destination. */
export function TrackingLinkDialog(props: TrackingLinkDialogProps) {
  // A fresh form each time the dialog opens.
  return props.open ? <TrackingLinkForm {...props} /> : null;
}

function TrackingLinkForm({ anyApproved, onClose, onCreated }: TrackingLinkDialogProps) {
  const { t } = useTranslation(['tracking', 'common']);
  const toast = useToast();
  const create = useCreateTrackingLink();
  const fieldInfos: FieldInfos = {
    name: { label: t('fields.name'), limits: contractLimits.TrackingLinkInput.name },
    destination_url: { label: t('fields.destination_url'), limits: contractLimits.TrackingLinkInput.destination_url },
  };
  const form = useForm({
    initial: emptyBrandLinkForm,
    text: (key: LinkFormKey) => t(key),
    validate: (values) => keyed(validateBrandLinkForm(values)),
    fields: fieldInfos,
    codes: linkFormCodes('brand', (key) => t(key)),
    send: (values) => create.mutateAsync({ data: brandFormToInput(values) }),
    onSaved: (response) => onCreated(response.data.link),
    refusal: (error) => {
      toast({ severity: 'error', title: t('toasts.createFailed'), message: errorMessage(error, t('toasts.unexpected'), { fields: fieldInfos }) });
      return null;
    },
  });
  const { values, set } = form;

  const chooseAffiliate = (id: string) => {
    set('affiliate_id', id);
    if (!id || values.campaign_id) return;
    // Picking an affiliate approved in exactly one campaign picks that campaign too.
    void approvedApplications('', undefined, { affiliateId: id })
      .then(({ applications, total }) => {
        if (total === 1) set('campaign_id', applications[0].campaign_id);
      })
      .catch(() => undefined);
  };
  // With an affiliate chosen, the campaigns it is approved in; else any of the brand's.
  const searchCampaigns = (query: string, signal?: AbortSignal) =>
    values.affiliate_id ? approvedCampaignChoices(values.affiliate_id, query, signal) : campaignChoices(query, signal);

  const busy = form.pending;
  /** Props of a field: its label, value, and the message of its error (or its help) under it. */
  const fieldProps = (field: LinkField, help?: string, slots: Record<string, object> = {}) => {
    return {
      ...form.field(field, help),
      label: t(`fields.${field}`),
      fullWidth: true,
      slotProps: { ...slots, formHelperText: { 'data-testid': `${field}-message` } as object },
    };
  };

  /** Props of a searched choice: its label, value, and the message of its error under it. */
  const choiceProps = (field: 'affiliate_id' | 'campaign_id') => {
    const { name, label, value, error, helperText } = fieldProps(field);
    return { name, label, value, error, helperText, testId: `link-${field}`, helperTestId: `${field}-message`, required: true, size: 'medium' as const };
  };

  return (
    <FormDialog
      title={t('dialog.title')}
      busy={busy}
      onClose={onClose}
      onSubmit={form.submit}
      dividers
      testId="link-dialog"
      submitLabel={t('dialog.create')}
    >
      {anyApproved === false && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="link-dialog-no-affiliates">
          {t('dialog.noAffiliates')}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SearchSelect
            {...choiceProps('affiliate_id')}
            placeholder={t('dialog.chooseAffiliate')}
            onChange={chooseAffiliate}
            search={anyApprovedAffiliateChoices}
            queryKey="approved-affiliates"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SearchSelect
            {...choiceProps('campaign_id')}
            placeholder={t('dialog.chooseCampaign')}
            onChange={(id) => set('campaign_id', id)}
            search={searchCampaigns}
            queryKey={`link-campaigns-${values.affiliate_id}`}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...fieldProps('name')}
            helperText={<LengthHelper text={fieldProps('name').helperText} length={values.name.trim().length} max={MAX_NAME_LENGTH} />}
            required
            placeholder={t('dialog.namePlaceholder')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...fieldProps('destination_url', t('help.destinationBrand'))}
            type="url"
            placeholder="https://shop.example.com/sale"
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
