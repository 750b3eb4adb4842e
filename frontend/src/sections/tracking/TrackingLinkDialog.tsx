import { Alert, Grid, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, type FieldInfos } from '../../api/errors';
import { useCreateTrackingLink } from '../../api/generated/tracking/tracking';
import type { Campaign, TrackingLink } from '../../api/generated/model';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { keyed, useForm } from '../../forms/useForm';
import { useToast } from '../../toasts/ToastProvider';
import {
  MAX_NAME_LENGTH,
  brandFormToInput,
  campaignsForAffiliate,
  emptyBrandLinkForm,
  linkFormCodes,
  validateBrandLinkForm,
  type AffiliateOption,
  type LinkField,
  type LinkFormKey,
} from './linkForm';

interface TrackingLinkDialogProps {
  open: boolean;
  affiliates: AffiliateOption[];
  /** False while the approved affiliates load (so 'none approved yet' is not shown too early). */
  affiliatesLoaded: boolean;
  campaigns: Campaign[];
  onClose: () => void;
  onCreated: (link: TrackingLink) => void;
}

/** The brand's create-tracking-link dialog: affiliate, campaign, link name and destination. */
export function TrackingLinkDialog(props: TrackingLinkDialogProps) {
  // A fresh form each time the dialog opens.
  return props.open ? <TrackingLinkForm {...props} /> : null;
}

function TrackingLinkForm({ affiliates, affiliatesLoaded, campaigns, onClose, onCreated }: TrackingLinkDialogProps) {
  const { t, i18n } = useTranslation(['tracking', 'common']);
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

  const affiliate = affiliates.find((option) => option.id === values.affiliate_id);
  const groups = useMemo(() => campaignsForAffiliate(campaigns, affiliate, i18n.language), [campaigns, affiliate, i18n.language]);

  const chooseAffiliate = (id: string) => {
    set('affiliate_id', id);
    // Picking an affiliate in exactly one campaign picks that campaign too.
    const chosen = affiliates.find((option) => option.id === id);
    if (chosen?.campaignIds.length === 1 && !values.campaign_id) set('campaign_id', chosen.campaignIds[0]);
  };

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
      {affiliatesLoaded && affiliates.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="link-dialog-no-affiliates">
          {t('dialog.noAffiliates')}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...fieldProps('affiliate_id', undefined, { select: { native: true }, inputLabel: { shrink: true } })}
            onChange={(event) => chooseAffiliate(event.target.value)}
            select
            required
          >
            <option value="">{t('dialog.chooseAffiliate')}</option>
            {affiliates.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...fieldProps('campaign_id', undefined, { select: { native: true }, inputLabel: { shrink: true } })}
            select
            required
          >
            <option value="">{t('dialog.chooseCampaign')}</option>
            {affiliate ? (
              <>
                {groups.joined.length > 0 && (
                  <optgroup label={t('dialog.joinedGroup', { name: affiliate.name })}>
                    {groups.joined.map((campaign) => (
                      <option key={campaign.id} value={campaign.id}>
                        {campaign.name}
                      </option>
                    ))}
                  </optgroup>
                )}
                {groups.others.length > 0 && (
                  <optgroup label={t('dialog.otherGroup')}>
                    {groups.others.map((campaign) => (
                      <option key={campaign.id} value={campaign.id}>
                        {campaign.name}
                      </option>
                    ))}
                  </optgroup>
                )}
              </>
            ) : (
              groups.others.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </option>
              ))
            )}
          </TextField>
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
