// The service's API, as the analyst role reads it. The key lives in this tab's sessionStorage only.

const KEY = 'dpbandit.analyst-key';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  remember: (key) => sessionStorage.setItem(KEY, key),
  forget: () => sessionStorage.removeItem(KEY),
};

/** An answer other than 2xx, with what the service's problem+json said. */
export class ApiError extends Error {
  constructor(status, title, detail) {
    super(detail ? `${title}: ${detail}` : title);
    this.status = status;
    this.title = title;
    this.detail = detail;
  }
}

/** The API's address for a path such as "bandits/x/epochs", relative to where the page is served (/ui/). */
function url(path) {
  return new URL('../' + path, document.baseURI).toString();
}

/** The next page's address from a Link header (rel="next", relative to the page's), or null. */
function nextPage(response) {
  const link = response.headers.get('Link');
  const match = link && /<([^>]+)>\s*;\s*rel="next"/.exec(link);
  return match ? new URL(match[1], response.url).toString() : null;
}

/**
 * GET a path of the API as JSON, with the given key (default: the session's). A list (a JSON array)
 * is read whole: its pages are followed through their Link headers and joined.
 */
export async function get(path, key = session.key()) {
  let body = await page(url(path), key);
  if (!Array.isArray(body.json)) return body.json;
  const items = [...body.json];
  while (body.next) {
    body = await page(body.next, key);
    items.push(...body.json);
  }
  return items;
}

async function page(address, key) {
  let response;
  try {
    response = await fetch(address, {
      headers: { 'X-API-Key': key ?? '', Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (e) {
    throw new ApiError(0, 'The service did not answer', 'check that it is running and reachable, then try again');
  }
  if (!response.ok) {
    let problem = {};
    try {
      problem = await response.json();
    } catch (e) {
      // not problem+json (a proxy's error page): the status says enough
    }
    throw new ApiError(response.status, problem.title || `HTTP ${response.status}`, problem.detail || '');
  }
  return { json: await response.json(), next: nextPage(response) };
}

export const banditPath = (id) => 'bandits/' + encodeURIComponent(id);
