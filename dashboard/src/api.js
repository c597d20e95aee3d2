// Every call the page makes goes to heat-conv's v1 API, the one the CLI
// uses, with the same credentials: none under noauth (the project is the
// tenant in the URL), the user's Keystone token under keystone.

const SESSION_KEY = 'heat-conv-dashboard';

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export const session = {
  config: { auth_strategy: 'noauth', default_tenant: 'admin' },
  tenant: null,
  token: null,

  load(config) {
    this.config = config;
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) || '{}');
    this.tenant = saved.tenant || config.default_tenant;
    this.token = saved.token || null;
  },
  save(tenant, token) {
    this.tenant = tenant;
    this.token = token || null;
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ tenant, token: this.token }));
  },
  forget() {
    this.token = null;
    sessionStorage.removeItem(SESSION_KEY);
  },
  needsLogin() {
    return this.config.auth_strategy === 'keystone' && !(this.token && this.tenant);
  },
};

function base() {
  return `/v1/${encodeURIComponent(session.tenant)}`;
}

// A stack's canonical path: name and id, so no redirect is followed.
export function stackPath(stack) {
  return `${base()}/stacks/${encodeURIComponent(stack.name)}/${stack.id}`;
}

export async function call(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (session.token) headers['X-Auth-Token'] = session.token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const answer = await fetch(path.startsWith('/') ? path : `${base()}/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status === 204) return null;
  const text = await answer.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!answer.ok) {
    const fault = data && data.error ? data.error : null;
    const message = fault ? (fault.message || data.explanation) : (text || answer.statusText);
    if (answer.status === 401) session.forget();
    throw new ApiError(answer.status, `${answer.status}: ${message}`);
  }
  return data;
}

export const api = {
  stacks: () => call('GET', 'stacks?sort_keys=created_at&sort_dir=desc').then((d) => d.stacks),
  stack: (name, id) => call('GET', `${base()}/stacks/${encodeURIComponent(name)}/${id}`)
    .then((d) => d.stack),
  resources: (stack, depth) => call('GET', `${stackPath(stack)}/resources?nested_depth=${depth}`)
    .then((d) => d.resources),
  events: (stack, depth, marker, limit) => {
    let query = `nested_depth=${depth}&sort_dir=asc`;
    if (marker) query += `&marker=${marker}`;
    if (limit) query = `nested_depth=${depth}&sort_dir=desc&limit=${limit}`;
    return call('GET', `${stackPath(stack)}/events?${query}`).then((d) => d.events);
  },
  template: (stack) => call('GET', `${stackPath(stack)}/template`),
  environment: (stack) => call('GET', `${stackPath(stack)}/environment`),
  files: (stack) => call('GET', `${stackPath(stack)}/files`),
  create: (body) => call('POST', 'stacks', body).then((d) => d.stack),
  previewCreate: (body) => call('POST', 'stacks/preview', body).then((d) => d.stack),
  update: (stack, body) => call('PUT', stackPath(stack), body),
  previewUpdate: (stack, body) => call('PUT', `${stackPath(stack)}/preview`, body),
  // `stack update --existing --converge`: same template, reality made to match.
  converge: (stack) => call('PATCH', stackPath(stack), { converge: true }),
  remove: (stack) => call('DELETE', stackPath(stack)),
};

// The stack ({name, id}) a link such as .../stacks/NAME/ID names.
export function linkedStack(item, rel) {
  const link = (item.links || []).find((l) => l.rel === rel);
  if (!link) return null;
  const parts = link.href.replace(/\/+$/, '').split('/');
  const at = parts.lastIndexOf('stacks');
  if (at < 0 || parts.length <= at + 2) return null;
  return { name: decodeURIComponent(parts[at + 1]), id: parts[at + 2] };
}

// The id at the end of a link such as .../stacks/NAME/ID.
export function linkedStackId(item, rel) {
  const stack = linkedStack(item, rel);
  return stack ? stack.id : null;
}
