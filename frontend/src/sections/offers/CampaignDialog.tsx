import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits, type FieldLimits } from '../../api/contractLimits';
import { errorMessage, type FieldInfos } from '../../api/errors';
import { getGetBrandDomainsQueryKey, getListBrandsQueryKey, useGetBrandDomains, useSetBrandDomains } from '../../api/generated/brands/brands';
import { useCreateCampaign, useUpdateCampaign } from '../../api/generated/campaigns/campaigns';
import type { Campaign, CurrencyCode } from '../../api/generated/model';
import { useAuth } from '../../auth/AuthProvider';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { keyed, useForm } from '../../forms/useForm';
import type { TextKey } from '../../i18n/keys';
import { currencies, decimalExample } from '../../preferences/format';
import { CampaignRulesFields } from './CampaignRulesFields';
import {
  campaignStatuses,
  campaignToForm,
  commissionBases,
  isLimitedRecurring,
  recurrings,
  commissionTypes,
  DESCRIPTION_MAX,
  NAME_MAX,
  emptyCampaignForm,
  formToInput,
  formToUpdate,
  homepageHost,
  missingHomepageDomain,
  validateCampaignForm,
  type CampaignField,
  type CampaignFormValues,
} from './campaignForm';

interface CampaignDialogProps {
  open: boolean;
  /** The campaign to edit; none to create one. */
  campaign?: Campaign | null;
  defaultCurrency?: CurrencyCode;
  onClose: () => void;
  onSaved: (campaign: Campaign, created: boolean) => void;
}

/** The create-campaign dialog (and, with a campaign, its edit form): every field of CampaignInput. */
export function CampaignDialog(props: CampaignDialogProps) {
  // A fresh form each time the dialog opens.
  return props.open ? <CampaignForm key={props.campaign?.id ?? 'new'} {...props} /> : null;
}

function CampaignForm({ campaign, defaultCurrency = 'RON', onClose, onSaved }: CampaignDialogProps) {
  const { t, i18n } = useTranslation(['campaigns', 'common']);
  const editing = Boolean(campaign);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const busy = create.isPending || update.isPending;
  const { user } = useAuth();
  const brandUuid = user?.brandUuid ?? '';
  const queryClient = useQueryClient();
  const brandDomains = useGetBrandDomains(brandUuid, { query: { enabled: Boolean(brandUuid) } });
  const domains = brandDomains.data?.data.domains;
  const setDomains = useSetBrandDomains();
  const [addedHost, setAddedHost] = useState<string | null>(null);
  const form = useForm({
    initial: (): CampaignFormValues => (campaign ? campaignToForm(campaign) : emptyCampaignForm(defaultCurrency)),
    text: (key: TextKey<'campaigns'>) => t(key),
    validate: (values) => keyed(validateCampaignForm(values)),
    fields: () => fieldInfos,
    send: (values) =>
      campaign
        ? update.mutateAsync({ id: campaign.id, data: formToUpdate(values) })
        : create.mutateAsync({ data: formToInput(values) }),
    onSaved: (response) => onSaved(response.data.campaign, !campaign),
    // A long form: the alert sums up what the fields (perhaps out of view) say.
    explainAlways: true,
    refusal: (error) => errorMessage(error, t(editing ? 'toasts.updateFailed' : 'toasts.createFailed'), { fields: fieldInfos }),
  });
  const { values } = form;
  // The homepage's host when the brand lacks it: shown with a button that adds it to the brand's domains.
  const missingHost = missingHomepageDomain(values.homepage_url, domains);

  // Every field's label, the contract's limits and the form's own message for the server's domain rules.
  const limits: Partial<Record<CampaignField, FieldLimits>> = contractLimits.CampaignInput;
  const homepageRefusal = missingHost
    ? t(domains?.length ? 'validation.homepageNotOnDomains' : 'validation.homepageNoDomains', { host: missingHost })
    : t('validation.homepageRefused');
  const refusedKeys: Partial<Record<CampaignField, TextKey<'campaigns'>>> = {
    name: 'validation.nameRequired',
    end_date: 'validation.endBeforeStart',
    budget: 'validation.budgetInvalid',
    commission_value: values.commission_type === 'percentage' ? 'validation.percentageFraction' : 'validation.commissionInvalid',
    attribution_window_days: 'validation.windowInvalid',
    product_rates: 'validation.productRatesInvalid',
    tiers: 'validation.tiersInvalid',
  };
  const fieldInfos: FieldInfos = Object.fromEntries(
    (Object.keys(values) as CampaignField[]).map((field) => {
      const invalid = field === 'homepage_url' ? homepageRefusal : refusedKeys[field] && t(refusedKeys[field]);
      return [field, { label: t(`fields.${field}`), limits: limits[field], invalid }];
    }),
  );

  /** Adds the homepage's host to the brand's domains (PUT /brands/{id}/domains), so the save that follows works. */
  const addDomain = async (host: string) => {
    try {
      await setDomains.mutateAsync({ id: brandUuid, data: { domains: [...(domains ?? []), host] } });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGetBrandDomainsQueryKey(brandUuid) }),
        queryClient.invalidateQueries({ queryKey: getListBrandsQueryKey() }),
      ]);
      setAddedHost(host);
      form.setErrors({ homepage_url: undefined });
      form.setFormError(null);
    } catch (error) {
      form.setFormError(errorMessage(error, t('domain.addFailed')));
    }
  };

  /** A text field's props with a character counter beside its help or error. */
  const counted = (field: 'name' | 'description', max: number) => {
    const props = text(field);
    return { ...props, helperText: <LengthHelper text={props.helperText} length={values[field].trim().length} max={max} /> };
  };

  /** Props of a field; `keepHelp` shows the help under the error too (the commission's fraction hint). */
  const text = (field: CampaignField, help?: string, keepHelp = false) => {
    const error = form.errors[field];
    return {
      ...form.field(field, help),
      label: t(`fields.${field}`),
      helperText: error && keepHelp && help ? `${error} ${help}` : (error ?? help),
      fullWidth: true,
    };
  };

  // A refused homepage whose host the brand lacks offers to add it; once added, the help says so.
  const homepageText = text('homepage_url', t('help.homepageUrl'));
  const offerHost = homepageText.error && missingHost && brandUuid ? missingHost : null;
  const homepageProps = {
    ...homepageText,
    helperText: offerHost ? (
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
        <span>{homepageText.helperText}</span>
        <Button
          size="small"
          variant="outlined"
          disabled={setDomains.isPending}
          onClick={() => void addDomain(offerHost)}
          data-testid="homepage-add-domain"
        >
          {t('domain.add', { host: offerHost })}
        </Button>
      </Box>
    ) : !homepageText.error && addedHost && homepageHost(values.homepage_url) === addedHost ? (
      t('domain.added', { host: addedHost })
    ) : (
      homepageText.helperText
    ),
  };

  const commissionHelp =
    values.commission_type === 'percentage' ? t('help.commissionPercentage') : t('help.commissionFixed');

  return (
    <FormDialog
      title={editing ? t('dialog.editTitle') : t('dialog.createTitle')}
      busy={busy || form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      maxWidth="md"
      dividers
      testId="campaign-dialog"
      submitLabel={editing ? t('common:actions.save') : t('dialog.create')}
      error={form.formError}
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField {...counted('name', NAME_MAX)} required autoFocus />
        </Grid>
        <Grid size={12}>
          <TextField {...counted('description', DESCRIPTION_MAX)} multiline minRows={2} maxRows={6} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...homepageProps}
            type="url"
            placeholder="https://shop.example.com"
            slotProps={{ formHelperText: { component: 'div', 'data-testid': 'homepage-help' } as object }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('status')} select slotProps={{ select: { native: true } }}>
            {campaignStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...text('start_date')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...text('end_date', t('help.dates'))}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...text('budget', t('help.budget'))}
            placeholder={decimalExample('5000.00', i18n.language)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('currency')} select slotProps={{ select: { native: true } }}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField {...text('commission_type')} select slotProps={{ select: { native: true } }}>
            {commissionTypes.map((type) => (
              <option key={type} value={type}>
                {t(`commissionType.${type}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextField
            {...text('commission_value', commissionHelp, true)}
            required
            placeholder={decimalExample(values.commission_type === 'percentage' ? '0.10' : '25.00', i18n.language)}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: {
                endAdornment:
                  values.commission_type === 'fixed' ? (
                    <InputAdornment position="end">{values.currency}</InputAdornment>
                  ) : undefined,
              },
            }}
          />
        </Grid>
        {values.commission_type === 'percentage' && (
          <Grid size={{ xs: 12 }}>
            <TextField {...text('commission_base', t('help.commissionBase'))} select slotProps={{ select: { native: true } }}>
              {commissionBases.map((base) => (
                <option key={base} value={base}>
                  {t(`commissionBase.${base}`)}
                </option>
              ))}
            </TextField>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: isLimitedRecurring(values.recurring) ? 8 : 12 }}>
          <TextField {...text('recurring', t('help.recurring'))} select slotProps={{ select: { native: true } }}>
            {recurrings.map((recurring) => (
              <option key={recurring} value={recurring}>
                {t(`recurring.${recurring}`)}
              </option>
            ))}
          </TextField>
        </Grid>
        {isLimitedRecurring(values.recurring) && (
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              {...text(
                'recurring_limit',
                t(values.recurring === 'first_months' ? 'help.recurringLimitMonths' : 'help.recurringLimitPayments'),
              )}
              type="number"
              required
              slotProps={{ htmlInput: { min: 1, max: 120, step: 1 } }}
            />
          </Grid>
        )}
        <Grid size={12}>
          <CampaignRulesFields
            rates={values.product_rates}
            onRates={(rates) => form.set('product_rates', rates)}
            ratesError={form.errors.product_rates}
            basis={values.tier_basis}
            onBasis={(basis) => form.set('tier_basis', basis)}
            tiers={values.tiers}
            onTiers={(tiers) => form.set('tiers', tiers)}
            tiersError={form.errors.tiers}
            commissionType={values.commission_type}
            currency={values.currency}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            {...text('attribution_window_days', t('help.attributionWindow'))}
            type="number"
            slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormControl>
            <FormLabel id="campaign-visibility">{t('fields.visibility')}</FormLabel>
            <RadioGroup
              aria-labelledby="campaign-visibility"
              name="visibility"
              value={values.visibility}
              onChange={(event) => form.set('visibility', event.target.value as CampaignFormValues['visibility'])}
            >
              <FormControlLabel value="public" control={<Radio size="small" />} label={t('visibility.public')} />
              <FormControlLabel value="invite_only" control={<Radio size="small" />} label={t('visibility.invite_only')} />
            </RadioGroup>
            <FormHelperText>{t(`help.visibility.${values.visibility}`)}</FormHelperText>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormControl>
            <FormLabel id="campaign-approval">{t('fields.approval_mode')}</FormLabel>
            <RadioGroup
              aria-labelledby="campaign-approval"
              name="approval_mode"
              value={values.approval_mode}
              onChange={(event) => form.set('approval_mode', event.target.value as CampaignFormValues['approval_mode'])}
            >
              <FormControlLabel value="auto" control={<Radio size="small" />} label={t('approval.auto')} />
              <FormControlLabel value="manual" control={<Radio size="small" />} label={t('approval.manual')} />
            </RadioGroup>
            <FormHelperText>{t(`help.approval.${values.approval_mode}`)}</FormHelperText>
          </FormControl>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
