import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { http } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { shellTranslations } from '../../all-texts';
import { LatestNews } from './LatestNews';
import { news } from '@meridian/contracts';

const en = shellTranslations.en;
const original = http.defaults.adapter;
let requests: string[];

/** Answers latestNew with these in turn (the last repeats); 'network' fails the request. */
function serve(...answers: Array<unknown | 'network'>) {
  requests = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    requests.push(config.url ?? '');
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    return { data: { code: 0, msg: 'success', data: answer }, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
}
afterEach(() => {
  http.defaults.adapter = original;
});

const ARTICLE = { id: '12', title: 'New listings: SOL and AVAX', summary: 'Two coins.', html: '<p>x</p>', publishedAt: '2026-03-02T08:00:00.000Z' };
const renderNews = (language = 'en') => renderWithPlatform(<LatestNews />, { language, translations: { namespace: 'shell', texts: shellTranslations } });

describe('home: latest news', () => {
  it('shows the latest article with its date, linking to it and to all the news', async () => {
    serve(ARTICLE);
    renderNews();
    const title = await screen.findByTestId('latest-news-title');
    expect(title).toHaveTextContent('New listings: SOL and AVAX');
    expect(title).toHaveAttribute('href', '/pages/notification/detail?id=12&type=news');
    expect(screen.getByText('2026-03-02')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.latestNewsAll })).toHaveAttribute('href', '/pages/notification/index?tab=news');
    expect(screen.getByRole('region', { name: en.latestNewsLabel })).toBeInTheDocument();
    expect(requests).toEqual([news.latest.path]);
  });

  it('shows nothing when no article is published', async () => {
    serve(null);
    renderNews();
    await waitFor(() => expect(screen.queryByTestId('latest-news')).not.toBeInTheDocument());
    expect(requests).toEqual([news.latest.path]);
  });

  it('says so with a retry when it cannot be loaded', async () => {
    const user = userEvent.setup();
    serve('network', ARTICLE);
    renderNews();
    await screen.findByText(en.latestNewsFailed);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('latest-news-title');
  });

  it('is translated (Japanese)', async () => {
    serve(ARTICLE);
    renderNews('jp');
    await screen.findByTestId('latest-news-title');
    expect(screen.getByText(shellTranslations.jp.latestNewsLabel)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: shellTranslations.jp.latestNewsAll })).toBeInTheDocument();
  });
});
