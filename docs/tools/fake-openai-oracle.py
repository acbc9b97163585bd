#!/usr/bin/env python3
"""A fake "oracle" model for checking `parlance bench e2e` end to end (docs/design/evaluation.md).

It knows the gold SQL of every question in the dataset files it is given and finds the question
in the prompt. Per question (a hash of its text): 70 % get the gold SQL every time; 15 % get the
gold SQL for 3 of every 5 requests and another gold query of the same database for the other 2 (a
split vote, the same in every run when each question is asked 5 samples); 15 % get that other
query every time. Token counts are characters / 4. It measures
the harness (scoring, logging, resuming, batch files, reports), never a model.

  serve:  python3 fake-openai-oracle.py PORT spider/dev.json [bird/dev.json ...]
          (then PARLANCE_LLM_PROVIDER=openai PARLANCE_LLM_BASE_URL=http://127.0.0.1:PORT/v1 ...)
  batch:  python3 fake-openai-oracle.py batch BATCH_DIR bird/dev.json [...]
          answers BATCH_DIR/pending.jsonl as an OpenAI batch would: moves it to submitted/ and
          writes the output file to results/
"""
import hashlib, json, re, sys, threading
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

mode = sys.argv[1]   # a port number (serve), or "batch DIR" (answer DIR/pending.jsonl)
files = sys.argv[3:] if mode == 'batch' else sys.argv[2:]
gold = {}   # question text -> (db, sql)
by_db = {}
for path in files:
    data = json.load(open(path))
    for q in data:
        sql = q.get('query') or q.get('SQL')
        gold[' '.join(q['question'].split())] = (q['db_id'], sql)
        by_db.setdefault(q['db_id'], []).append(sql)
keys = sorted(gold, key=len, reverse=True)
counter = {}
lock = threading.Lock()

def find(text):
    text = ' '.join(text.split())
    for k in keys:
        if k in text:
            return k
    return None

def answer(messages):
    last = [m['content'] for m in messages if m['role'] == 'user'][-1]
    if 'Hallucinate a minimal schema' in last:
        return 'Schema: singer(name, age, country), concert(concert_id, year), superhero(superhero_name, height_cm)'
    k = find(last) or find('\n'.join(m['content'] for m in messages))
    if k is None:
        return "I do not know."
    db, sql = gold[k]
    h = int(hashlib.sha256(k.encode()).hexdigest(), 16) % 100
    with lock:
        n = counter[k] = counter.get(k, 0) + 1
    others = [s for s in by_db[db] if s != sql] or [sql]
    wrong = others[h % len(others)]
    if h < 70:
        pick = sql                      # right every time
    elif h < 85:
        pick = sql if n % 5 in (1, 3, 0) else wrong   # split vote: 3 of every 5 requests
    else:
        pick = wrong                    # wrong every time
    if last.rstrip().endswith('SELECT'):   # C3 continues a prompt that ends in SELECT
        return re.sub(r'(?is)^\s*select\s+', '', pick.strip())
    return "```sql\n" + pick + "\n```\nExplanation: recorded."

def completion(body):
    content = answer(body['messages'])
    prompt = sum(len(m['content']) for m in body['messages']) // 4
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 1733770000,
            "model": body.get('model', 'fake'),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": None},
                         "logprobs": None, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt, "completion_tokens": len(content) // 4,
                      "total_tokens": prompt + len(content) // 4}}

class Server(ThreadingHTTPServer):
    request_queue_size = 256
    daemon_threads = True

class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers['Content-Length'])))
        out = completion(body)
        data = json.dumps(out).encode()
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def log_message(self, *a):
        pass

if mode == 'batch':
    import os, time
    d = sys.argv[2]
    pending = os.path.join(d, 'pending.jsonl')
    os.makedirs(os.path.join(d, 'submitted'), exist_ok=True)
    os.makedirs(os.path.join(d, 'results'), exist_ok=True)
    stamp = '%s_%d' % (time.strftime('%Y%m%dT%H%M%S'), len(os.listdir(os.path.join(d, 'results'))))
    out = []
    for i, line in enumerate(open(pending)):
        if not line.strip():
            continue
        req = json.loads(line)
        out.append(json.dumps({"id": "batch_req_%d" % i, "custom_id": req['custom_id'],
                               "response": {"status_code": 200, "request_id": "r%d" % i,
                                            "body": completion(req['body'])}, "error": None}))
    os.rename(pending, os.path.join(d, 'submitted', 'batch_%s_input.jsonl' % stamp))
    open(os.path.join(d, 'results', 'batch_%s_output.jsonl' % stamp), 'w').write('\n'.join(out) + '\n')
    print('answered %d requests' % len(out))
else:
    Server(("127.0.0.1", int(mode)), H).serve_forever()
