// The server's JSON API and its event stream. The page keeps no rules of its own: legal moves, the
// moves' names and the ruling all come from the server.

export class ApiError extends Error {}

export class Api {
  constructor() {
    this.id = null;
  }

  async request(method, path, body) {
    const options = { method, headers: {} };
    if (method === 'POST') {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body || {});
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (e) {
      throw new ApiError('the server does not answer: is jiang gui still running?');
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new ApiError(data.error || `the server answered ${response.status}`);
    return data;
  }

  session(name) {
    return `/api/session/${this.id}/${name}`;
  }

  async open() {
    const data = await this.request('POST', '/api/session');
    this.id = data.id;
    return data.state;
  }

  post(name, body) {
    return this.request('POST', this.session(name), body);
  }

  // Calls on(kind, data) for each event: state, analysis, graph.
  listen(on) {
    const source = new EventSource(this.session('events'));
    for (const kind of ['state', 'analysis', 'graph']) source.addEventListener(kind, e => on(kind, JSON.parse(e.data)));
    return source;
  }

  close() {
    if (!this.id) return;
    navigator.sendBeacon(this.session('close'), new Blob(['{}'], { type: 'application/json' }));
  }
}
