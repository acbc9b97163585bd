#!/usr/bin/env python3
"""The API's own share of an ask (docs/measurements/portal.md): time at the client minus the use
case's own time (`time.useCaseMicros` of the answer), over one kept-alive HTTPS connection.

  PARLANCE_HOME=... python3 api-overhead.py [WARM] [N]     (defaults 1500 and 200)

Needs a started `parlance serve` (its serve.json) whose model answers the demo's installations
question, e.g. docs/tools/fake-openai-demo.py (docs/measurements/portal.md, "Load"), and lifted per-user limits
(PARLANCE_PORTAL_ASKS_PER_MINUTE). The first WARM asks warm the server's code and are not counted:
a server just started needs about 1,500 asks before its JIT-compiled code reaches its steady state
(docs/design/portal.md has the curve), so the script prints the overhead of every 250 asks while warming.
It also times four GETs (no token, then with one) to show what a bearer call costs by itself.
"""
import http.client, json, os, ssl, sys, time, urllib.parse, urllib.request

serve = json.load(open(os.path.join(os.environ.get('PARLANCE_HOME', os.path.expanduser('~/.parlance')), 'serve.json')))
portal = urllib.parse.urlparse(serve['url'])
USERS = ['analyst', 'analyst-se', 'steward', 'admin']


def token(user):
    password = next(u['password'] for u in serve['users'] if u['username'] == user)
    form = urllib.parse.urlencode({'grant_type': 'password', 'client_id': serve['cli_client_id'],
                                   'username': user, 'password': password}).encode()
    url = serve['keycloak_url'] + '/realms/' + serve['realm'] + '/protocol/openid-connect/token'
    return json.load(urllib.request.urlopen(url, form))['access_token']


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))]


tokens = {u: token(u) for u in USERS}
connection = http.client.HTTPSConnection(portal.hostname, portal.port, context=ssl._create_unverified_context())


def call(method, path, user=None, body=None):
    headers = {'Authorization': 'Bearer ' + tokens[user]} if user else {}
    if body is not None:
        headers['Content-Type'] = 'application/json'
    start = time.perf_counter()
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    payload = response.read()
    millis = (time.perf_counter() - start) * 1000
    if response.status != 200:
        sys.exit('%s %s answered %d: %s' % (method, path, response.status, payload[:300]))
    return millis, payload


warm = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
ask = json.dumps({'question': 'Which installations are there, with their region?', 'candidates': 1})
overhead, latency, warming = [], [], []
for i in range(warm + n):
    millis, payload = call('POST', '/api/v1/sources/demo/ask', USERS[i % len(USERS)], ask)
    own = millis - json.loads(payload)['time']['useCaseMicros'] / 1000
    if i >= warm:
        latency.append(millis)
        overhead.append(own)
    else:
        warming.append(own)
        if len(warming) == 250 or i == warm - 1:
            print('warming: %d/%d asks, overhead p50 of the last %d: %.1f ms'
                  % (i + 1, warm, len(warming), percentile(warming, .5)), flush=True)
            warming = []
print('api overhead of POST /ask: p50 %.1f ms, p90 %.1f ms, max %.1f ms; latency p50 %.0f ms (%d asks after %d to warm)'
      % (percentile(overhead, .5), percentile(overhead, .9), max(overhead), percentile(latency, .5), n, warm))
for path, user in (('/health/live', None), ('/api/v1/me', 'analyst'), ('/api/v1/sources', 'analyst'), ('/api/v1/answers', 'analyst')):
    times = [call('GET', path, user)[0] for _ in range(200)][100:]
    print('GET %-16s p50 %.2f ms, p90 %.2f ms' % (path, percentile(times, .5), percentile(times, .9)))
