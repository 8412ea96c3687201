import { zodResolver } from '@/lib/zod-resolver';
import { slugSchema } from '@caredesk/shared';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { errorIssues, errorMessage } from '@/lib/http';
import { useUpdatePublicAddress } from '../api/update-public-address';
import { useT } from '../i18n';

const addressFormSchema = z.object({ slug: slugSchema });
type AddressForm = z.infer<typeof addressFormSchema>;

/** The public page's full address with a Copy button, and the slug that makes it. */
export function PublicAddressSection({ slug }: { slug: string }) {
  const url = `${window.location.origin}${paths.publicPage(slug)}`;
  const save = useUpdatePublicAddress();
  const t = useT();
  const form = useForm<AddressForm>({ resolver: zodResolver(addressFormSchema), values: { slug } });
  const { errors, isDirty } = form.formState;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(t('settings.address.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('settings.address.copyByHand'), { variant: 'warning' });
    }
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.slug);
      enqueueSnackbar(t('settings.address.saved'), { variant: 'success' });
    } catch (error) {
      const issue = errorIssues(error).find((entry) => entry.path === 'slug');
      form.setError('slug', { type: 'server', message: issue?.message ?? errorMessage(error) }, { shouldFocus: true });
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="public-address-title" sx={{ p: 2 }}>
      <Typography id="public-address-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('settings.address.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere', flex: 1, minWidth: 0 }} data-testid="public-page-url">
          {url}
        </Typography>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          {t('settings.address.copy')}
        </Button>
      </Stack>
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('settings.address.label')}
          {...form.register('slug')}
          error={Boolean(errors.slug)}
          helperText={errors.slug?.message ?? t('settings.address.help')}
          size="small"
          fullWidth
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={!isDirty || save.isPending} sx={{ alignSelf: { xs: 'flex-start', sm: 'flex-start' }, whiteSpace: 'nowrap' }}>
          {t('settings.address.save')}
        </Button>
      </Stack>
    </Card>
  );
}
