import { describe, expect, it } from 'vitest';
import { expandUrlPlaceholders, FeedUrlError, httpUrl, redactFeedUrl, urlPlaceholders } from './url.js';

describe('feed addresses', () => {
  it('accept only http and https', () => {
    expect(httpUrl('https://elpais.com/rss').hostname).toBe('elpais.com');
    for (const address of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/xml,<rss/>',
      'ftp://x.test/f',
      'elpais.com',
    ])
      expect(() => httpUrl(address)).toThrow(FeedUrlError);
  });

  it('fill ${NAME} placeholders from the environment and name a missing one', () => {
    const address = 'https://newsapi.test/v2/everything?q=chile&apiKey=${NEWSAPI_KEY}';
    expect(urlPlaceholders(address)).toEqual(['NEWSAPI_KEY']);
    expect(expandUrlPlaceholders(address, { NEWSAPI_KEY: 'k&y' })).toBe(
      'https://newsapi.test/v2/everything?q=chile&apiKey=k%26y',
    );
    expect(() => expandUrlPlaceholders(address, {})).toThrow(/NEWSAPI_KEY/);
  });

  it('mask secrets when shown, keep placeholders readable', () => {
    expect(redactFeedUrl('https://u:pw@api.test/a?apiKey=123&q=x&token=abc')).toBe(
      'https://u:***@api.test/a?apiKey=***&q=x&token=***',
    );
    expect(redactFeedUrl('https://api.test/a?apiKey=${NEWSAPI_KEY}')).toBe('https://api.test/a?apiKey=${NEWSAPI_KEY}');
  });
});
