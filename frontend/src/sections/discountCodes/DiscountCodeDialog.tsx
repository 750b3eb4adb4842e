import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  InputAdornment,
  Radio,
  RadioGroup,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { approvedAffiliateChoices, campaignPage, useCampaignsById } from '../../api/choices';
import { SearchSelect } from '../../components/SearchSelect';
import {
  useCreateDiscountCode,
  useGenerateDiscountCode,
  useUpdateDiscountCode,
} from '../../api/generated/discount-codes/discount-codes';
import type { Campaign, DiscountCode } from '../../api/generated/model';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { keyed, useForm } from '../../forms/useForm';
import type { TextKey } from '../../i18n/keys';
import { useToast } from '../../toasts/ToastProvider';
import { decimalExample } from '../../preferences/format';
import { commissionAmount } from '../offers/campaignText';
import {
  CODE_MAX,
  DESCRIPTION_MAX,
  discountCodeToForm,
  discountStatuses,
  discountTypes,
  emptyDiscountCodeForm,
  formToInput,
  formToUpdate,
  discountCodeFieldLimits,
  discountCodeRefusals,
  validateDiscountCodeForm,
  type DiscountCodeField,
  type DiscountCodeFormValues,
} from './discountCodeForm';

interface DiscountCodeDialogProps {
  open: boolean;
  /** The code to edit; none to create one. */
  code?: DiscountCode | null;
  onClose: () => void;
  onSaved: (code: DiscountCode, created: boolean) => void;
}

/** The create-discount-code dialog (and, with a code, its edit form): every field of a discount code (docs/product.md §5). */
export function DiscountCodeDialog(props: DiscountCodeDialogProps) {
  // A fresh form each time the dialog opens.
  return props.open ? <DiscountCodeForm key={props.code?.id ?? 'new'} {...props} /> : null;
}

function DiscountCodeForm({ code, onClose, onSaved }: DiscountCodeDialogProps) {
  const { t, i18n } = useTranslation(['discountCodes', 'campaigns', 'common']);
  const toast = useToast();
  const editing = Boolean(code);
  const create = useCreateDiscountCode();
  const generate = useGenerateDiscountCode();
  const update = useUpdateDiscountCode();
  const busy = create.isPending || generate.isPending || update.isPending;
  // The chosen campaign, whole: its terms shape the commission's help and check.
  const [chosenCampaign, setChosenCampaign] = useState<Campaign | null>(null);
  const editedCampaign = useCampaignsById(code ? [code.campaign_id] : []).get(code?.campaign_id ?? '');
  const campaignFor = (id: string) => (chosenCampaign?.id === id ? chosenCampaign : editedCampaign);
  const form = useForm({
    initial: (): DiscountCodeFormValues => (code ? discountCodeToForm(code) : emptyDiscountCodeForm()),
    text: (key: TextKey<'discountCodes'>) => t(key),
    validate: (values) =>
      keyed(validateDiscountCodeForm(values, { editing, commissionType: campaignFor(values.campaign_id)?.commission_type })),
    fields: discountCodeFieldLimits,
    codes: (values) => discountCodeRefusals(values.discount_type, (key) => t(key)),
    send: (values) =>
      code
        ? update.mutateAsync({ id: code.id, data: formToUpdate(values, code) })
        : values.generate
          ? generate.mutateAsync({ data: formToInput(values) })
          : create.mutateAsync({ data: formToInput(values) }),
    onSaved: (response) => onSaved(response.data.discount_code, !code),
    // The toast always says what failed; inside the dialog only what no input shows.
    explainAlways: true,
    refusal: (error, placed) => {
      const first = Object.values(placed).find(Boolean);
      const reason = first ?? errorMessage(error, t('toasts.tryAgain'));
      toast({ severity: 'error', title: t(editing ? 'toasts.updateFailed' : 'toasts.createFailed'), message: reason });
      return first ? null : reason;
    },
  });
  const { values, set } = form;

  const campaign = campaignFor(values.campaign_id);
  // Approved memberships are the (campaign, affiliate) pairs a code may join: the chosen campaign's
  // approved affiliates are searched as the brand types.
  const searchAffiliates = (query: string, signal?: AbortSignal) => approvedAffiliateChoices(values.campaign_id, query, signal);

  // Another campaign has other approved affiliates: the affiliate is chosen again.
  const chooseCampaign = (campaignId: string) => {
    if (campaignId !== values.campaign_id) set('affiliate_id', '');
    set('campaign_id', campaignId);
    form.setErrors({ commission_override: undefined });
  };

  /** Props of a text field: its error, else its help. */
  const text = (field: DiscountCodeField, help?: string) => {
    const props = form.field(field, help);
    return { ...props, value: props.value as string, label: t(`fields.${field}`), fullWidth: true };
  };

  const currency = campaign?.currency ?? 'RON';
  const money = { input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> }, htmlInput: { inputMode: 'decimal' as const } };
  const freeShipping = values.discount_type === 'free_shipping';
  const valueHelp = freeShipping
    ? t('help.freeShipping')
    : values.discount_type === 'percentage'
      ? t('help.percentage')
      : t('help.fixedAmount');
  const overrideHelp = campaign
    ? t(campaign.commission_type === 'percentage' ? 'help.overridePercentage' : 'help.overrideFixed', {
        commission: commissionAmount(campaign, i18n.language),
      })
    : t('help.override');
  const affiliateHelp = !values.campaign_id ? t('help.chooseCampaignFirst') : t('help.affiliate');

  return (
    <FormDialog
      title={editing ? t('dialog.editTitle') : t('dialog.createTitle')}
      busy={busy || form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      maxWidth="md"
      dividers
      testId="discount-code-dialog"
      submitLabel={editing ? t('common:actions.save') : t('dialog.create')}
      error={form.formError}
    >
      <Grid container spacing={2}>
        {code ? (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('fields.campaign_id')}
                value={code.campaign_name}
                fullWidth
                helperText={t('help.fixedPair')}
                slotProps={{ input: { readOnly: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={t('fields.affiliate_id')} value={code.affiliate_name} fullWidth slotProps={{ input: { readOnly: true } }} />
            </Grid>
          </>
        ) : (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SearchSelect
                name="campaign_id"
                label={t('fields.campaign_id')}
                placeholder={t('dialog.chooseCampaign')}
                value={values.campaign_id}
                onChange={(id, chosen) => {
                  setChosenCampaign(chosen);
                  chooseCampaign(id);
                }}
                search={campaignPage}
                queryKey="campaigns-whole"
                describe={(campaign) => (campaign.status === 'active' ? undefined : t(`campaigns:status.${campaign.status}`))}
                testId="discount-code-campaign"
                emptyText={t('help.noCampaigns')}
                error={Boolean(form.errors.campaign_id)}
                helperText={form.errors.campaign_id}
                required
                size="medium"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SearchSelect
                name="affiliate_id"
                label={t('fields.affiliate_id')}
                placeholder={t('dialog.chooseAffiliate')}
                value={values.affiliate_id}
                onChange={(id) => set('affiliate_id', id)}
                search={searchAffiliates}
                queryKey={`approved-applications-${values.campaign_id}`}
                testId="discount-code-affiliate"
                emptyText={t('help.noApprovedAffiliates')}
                error={Boolean(form.errors.affiliate_id)}
                helperText={form.errors.affiliate_id ?? affiliateHelp}
                required
                disabled={!values.campaign_id}
                size="medium"
              />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, sm: editing ? 12 : 7 }}>
          <TextField
            {...text('code', values.generate ? t('help.generated') : t('help.code'))}
            value={values.generate ? '' : values.code}
            required={!values.generate}
            disabled={values.generate}
            placeholder={values.generate ? '' : 'SUMMER10'}
            helperText={
              values.generate ? (
                text('code', t('help.generated')).helperText
              ) : (
                <LengthHelper text={text('code', t('help.code')).helperText} length={values.code.trim().length} max={CODE_MAX} />
              )
            }
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, sx: { fontFamily: 'monospace' } } }}
          />
        </Grid>
        {!editing && (
          <Grid size={{ xs: 12, sm: 5 }} sx={{ display: 'flex', alignItems: 'flex-start', pt: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={values.generate}
                  onChange={(event) => {
                    set('generate', event.target.checked);
                    form.setErrors({ code: undefined });
                  }}
                  slotProps={{ input: { 'data-testid': 'discount-code-generate' } as object }}
                />
              }
              label={t('dialog.generate')}
            />
          </Grid>
        )}
        <Grid size={12}>
          <TextField
            {...text('description')}
            helperText={<LengthHelper text={text('description').helperText} length={values.description.trim().length} max={DESCRIPTION_MAX} />}
            multiline
            minRows={2}
            maxRows={5}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('discount_type')}
            onChange={(event) => {
              set('discount_type', event.target.value as DiscountCodeFormValues['discount_type']);
              form.setErrors({ discount_value: undefined });
            }}
            select
            slotProps={{ select: { native: true } }}
          >
            {discountTypes.map((type) => (
              <option key={type} value={type}>
                {t(`type.${type}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('discount_value', valueHelp)}
            value={freeShipping ? '' : values.discount_value}
            required={!freeShipping}
            disabled={freeShipping}
            placeholder={freeShipping ? '' : decimalExample(values.discount_type === 'percentage' ? '0.10' : '25.00', i18n.language)}
            slotProps={values.discount_type === 'fixed_amount' ? money : { htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('minimum_order_amount', t('help.minimumOrder'))} placeholder={decimalExample('50.00', i18n.language)} slotProps={money} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('usage_limit')}
            placeholder={t('dialog.usageLimitPlaceholder')}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('usage_limit_per_customer', t('help.perCustomer'))}
            placeholder="1"
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('status')}
            onChange={(event) => set('status', event.target.value as DiscountCodeFormValues['status'])}
            select
            slotProps={{ select: { native: true } }}
          >
            {discountStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('valid_from')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('valid_until', t('help.validity'))} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('commission_override', overrideHelp)}
            placeholder={decimalExample(campaign?.commission_type === 'fixed' ? '30.00' : '0.15', i18n.language)}
            slotProps={campaign?.commission_type === 'fixed' ? money : { htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={12}>
          <FormControl>
            <FormLabel id="discount-code-audience">{t('fields.is_exclusive')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="discount-code-audience"
              name="is_exclusive"
              value={values.is_exclusive ? 'true' : 'false'}
              onChange={(event) => set('is_exclusive', event.target.value === 'true')}
            >
              <FormControlLabel value="true" control={<Radio size="small" />} label={t('audience.exclusive')} />
              <FormControlLabel value="false" control={<Radio size="small" />} label={t('audience.public')} />
            </RadioGroup>
            <FormHelperText>{t(values.is_exclusive ? 'help.exclusive' : 'help.public')}</FormHelperText>
          </FormControl>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
