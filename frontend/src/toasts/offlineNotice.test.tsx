import { onlineManager, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, configureApiFetch } from '../api/fetcher';
import { createQueryClient } from '../api/queryClient';
import i18n from '../i18n/config';
import { ToastProvider } from './ToastProvider';

/** A button whose action creates a campaign, as a page's would. */
function CreateCampaign() {
  const create = useMutation({ mutationFn: () => apiFetch('/campaigns', { method: 'POST', body: '{}' }) });
  return (
    <button onClick={() => create.mutate()} disabled={create.isPending}>
      create
    </button>
  );
}

beforeEach(() => {
  configureApiFetch();
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{"success":true,"data":{}}', { status: 200 })));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
});

afterEach(async () => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  // Back online: the queued call goes out, so the next test starts with nothing waiting.
  window.dispatchEvent(new Event('online'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.unstubAllGlobals();
});

describe('an action taken offline', () => {
  it.each([
    ['en', 'You appear to be offline. Your request will be processed when connection is restored.'],
    ['ro', 'Se pare că ești offline. Cererea ta va fi procesată când conexiunea va fi restabilită.'],
  ])('is queued and says so at once (%s)', async (language, message) => {
    await i18n.changeLanguage(language);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <CreateCampaign />
        </ToastProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByText('create'));
    expect((await screen.findByTestId('toast')).textContent).toContain(message);
    expect(fetch).not.toHaveBeenCalled();
  });
});
