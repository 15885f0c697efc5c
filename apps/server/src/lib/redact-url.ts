/** Query parameters that make a URL a credential: whoever reads them in a log can use the link. */
const SECRET_PARAMS = /^(signature|token|access_token|x-amz-signature|x-amz-credential|x-amz-security-token)$/i;

/** The URL as it may be logged: every credential-bearing query value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const kept = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${kept.join('&')}`;
}
