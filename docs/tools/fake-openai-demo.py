#!/usr/bin/env python3
"""A fake language model on the wire for load tests of the portal (docs/measurements/portal.md, "Load").

It speaks OpenAI's chat-completions format and answers every request after a fixed delay, like a
model that always takes that long, on as many connections at once as it is sent (one thread per
request, so it is never the bottleneck). The demo's load-test questions get their SQL (fenced, with
an explanation, one choice per requested sample `n`); the schema hallucination gets a schema; any
other prompt gets "I do not know.". Token counts are fixed (1200 prompt + 60 completion per
choice), as in the recorded server of the tests. It measures the portal, never a model.

  python3 fake-openai-demo.py PORT [DELAY_MS]      (DELAY_MS default 1000)
  then: PARLANCE_LLM_PROVIDER=openai PARLANCE_LLM_MODEL=gpt-4o-mini PARLANCE_LLM_API_KEY=sk-fake
        PARLANCE_LLM_BASE_URL=http://127.0.0.1:PORT/v1
"""
import json, sys, threading, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

port = int(sys.argv[1])
delay = (int(sys.argv[2]) if len(sys.argv) > 2 else 1000) / 1000.0

# The questions the load simulations ask (deploy/load/src/test/java/.../AskLoadSimulation.java and
# BudgetLoadSimulation.java).
ANSWERS = {
    "Which installations are there, with their region?":
        "SELECT IN_CD, IN_RG_CD FROM TB_IN ORDER BY IN_CD",
    "How many installations are there?":
        "SELECT count(*) AS n FROM TB_IN",
    # BudgetLoadSimulation's large-result question (issue 24): every maintenance order, 60 columns
    # of a 249 kB value, about 15 MB a row.
    "Show every maintenance order with all of its long notes":
        "WITH v(x) AS (SELECT replace(printf('%.249c', 'a'), 'a', printf('%.1000c', 'x'))) SELECT m.MO_NR, "
        + ", ".join("v.x AS c%d" % i for i in range(1, 61)) + " FROM TB_MO m, v",
}
served = 0
lock = threading.Lock()


def answer(messages):
    last = ([m.get('content') or '' for m in messages if m.get('role') == 'user'] or [''])[-1]
    if 'Hallucinate a minimal schema' in last:
        return 'Installation(code, name, region), MaintenanceOrder(status, installation)'
    for question, sql in ANSWERS.items():
        if 'Question: ' + question in last:
            return 'Here is the query.\n```sql\n' + sql + '\n```\nExplanation: answers the question.'
    return 'I do not know.'


def completion(body):
    content = answer(body.get('messages', []))
    n = max(1, int(body.get('n') or 1))
    choices = [{"index": i, "message": {"role": "assistant", "content": content, "refusal": None},
                "logprobs": None, "finish_reason": "stop"} for i in range(n)]
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()),
            "model": "gpt-4o-mini-2024-07-18", "choices": choices,
            "usage": {"prompt_tokens": 1200, "completion_tokens": 60 * n,
                      "total_tokens": 1200 + 60 * n}}


class Server(ThreadingHTTPServer):
    request_queue_size = 512
    daemon_threads = True


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        global served
        body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
        time.sleep(delay)
        data = json.dumps(completion(body)).encode()
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        with lock:
            served += 1

    def log_message(self, *a):
        pass


def report():
    # One line a minute: how many completions were served, so a run shows the model was reached.
    while True:
        time.sleep(60)
        with lock:
            n = served
        print(time.strftime('%H:%M:%S'), 'completions served:', n, flush=True)


threading.Thread(target=report, daemon=True).start()
print('fake model on http://127.0.0.1:%d/v1, %d ms per answer' % (port, delay * 1000), flush=True)
Server(("127.0.0.1", port), H).serve_forever()
