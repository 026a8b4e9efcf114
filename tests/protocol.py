#!/usr/bin/python3
"""protocol.py CARCVAR-PLAY [DOC] -- carcvar-play --protocol (doc/protocol.md).

Plays a whole game with every module of the build through the line
protocol -- chance by "sample" and by chosen ids, actions by id and by text,
explain, undo -- and checks it against the library: the scores move by the
events reported, the record replays to the same final scores with
carcvar-play --replay, and "load" restores it.  Then every malformed or
wrong line gets exactly one reply, an error object with the right code, and
the session goes on; random garbage too.  (Python's json module reads the
replies; the program itself has its own parser.)  With DOC (doc/protocol.md),
its worked exchange is replayed and every reply compared byte for byte."""
import json
import os
import random
import subprocess
import sys
import tempfile

PLAY = sys.argv[1]
failures = 0
checks = 0


def check(cond, what):
    global failures, checks
    checks += 1
    if not cond:
        failures += 1
        print("FAIL:", what)


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    check(len(keys) == len(set(keys)), "a reply object without duplicate keys: %s" % keys)
    return dict(pairs)


class Session:
    def __init__(self):
        self.p = subprocess.Popen([PLAY, "--protocol"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE)

    def raw(self, line):
        """Send one line (bytes, no newline); the one reply line, parsed."""
        self.p.stdin.write(line + b"\n")
        self.p.stdin.flush()
        out = self.p.stdout.readline()
        if not out.endswith(b"\n"):
            raise SystemExit("FAIL: no reply line to %r (exit %s)" % (line[:80], self.p.poll()))
        return json.loads(out.decode("utf-8"), object_pairs_hook=no_duplicates)

    def send(self, **req):
        return self.raw(json.dumps(req).encode())

    def close(self):
        self.p.stdin.close()
        rest = self.p.stdout.read()
        rc = self.p.wait()
        return rc, rest


def ok(reply, what):
    check(reply.get("ok") is True, "%s: %s" % (what, json.dumps(reply)[:400]))
    return reply


# ------------------------------------------------------------------ a game
s = Session()
info = ok(s.send(cmd="info"), "info")
modules = info["modules"]
check(len(modules) >= 5 and "big_top" in modules and "bridges_castles" in modules,
      "info lists the modules: %s" % modules)
rules = {r["name"]: r for r in info["rules"]}
check(rules["tiny_city"] == {"name": "tiny_city", "default": 2, "min": 1, "max": 2,
                             "module": "base"}, "info: tiny_city %s" % rules.get("tiny_city"))
check(rules["bcb_bazaar_max_bid"]["max"] == 1000, "info: bcb_bazaar_max_bid range")

base_game = ok(s.send(cmd="new", seed=11), "new base game")["state"]
new = ok(s.send(cmd="new", players=3, seed=11, modules=modules, rules={"tiny_city": 1},
                tag="g1"), "new game with every module")
check(new.get("tag") == "g1" and new.get("cmd") == "new", "the tag is echoed")
state = new["state"]
check(state["players"] == 3 and state["player"] == -1 and state["decision"] == "draw",
      "a new game starts with a draw: %s" % state)
check(state["tiles_left"] > base_game["tiles_left"] + 80,
      "every module's tiles are in the pile: %d vs %d" % (state["tiles_left"],
                                                          base_game["tiles_left"]))
for kind in ("follower", "big", "mayor", "wagon", "barn", "builder", "pig", "ringmaster"):
    check(kind in state["supply"][0], "supply holds %s: %s" % (kind, state["supply"][0]))

rng = random.Random(5)
steps = player_moves = by_text = undos = chosen_draws = explained = 0
reasons = set()
while not state["over"] and steps < 5000:
    steps += 1
    scores = state["scores"]
    if state["player"] == -1:
        legal = ok(s.send(cmd="legal"), "legal (chance)")
        if state["sampled_only"]:
            check(legal["actions"] == [], "a sampled-only decision lists no ids")
        if legal["actions"] and rng.random() < 0.2:
            total = sum(a["probability"] for a in legal["actions"])
            check(abs(total - 1) < 1e-9, "chance probabilities sum to 1: %r" % total)
            pick = rng.choice(legal["actions"])
            reply = ok(s.send(cmd="apply", id=pick["id"]), "apply a chosen draw")
            check(reply["applied"]["text"] == pick["text"], "the chosen outcome is applied")
            chosen_draws += 1
        else:
            reply = ok(s.send(cmd="sample"), "sample")
            check(reply["applied"]["player"] == -1, "a sampled outcome is chance's")
    else:
        legal = ok(s.send(cmd="legal"), "legal")
        check(legal["player"] == state["player"] and legal["actions"],
              "a player has legal actions")
        ids = [a["id"] for a in legal["actions"]]
        check(ids == sorted(ids) and len(set(ids)) == len(ids), "ids ascend, once each")
        pick = rng.choice(legal["actions"])
        if rng.random() < 0.1:
            ex = ok(s.send(cmd="explain", id=pick["id"]), "explain a legal id")
            check(ex["legal"] is True and ex["code"] == "ok", "a listed action is legal: %s" % ex)
            explained += 1
        if rng.random() < 0.05 and player_moves:
            before = ok(s.send(cmd="state"), "state")["state"]
            reply = ok(s.send(cmd="apply", id=pick["id"]), "apply before an undo")
            undo = ok(s.send(cmd="undo"), "undo")
            check(undo["state"] == before, "undo restores the state: %s vs %s"
                  % (undo["state"], before))
            check(undo["undone"] >= 1, "undo says how many steps")
            undos += 1
        if player_moves % 2:
            reply = ok(s.send(cmd="apply", text=pick["text"]), "apply by text %s" % pick["text"])
            by_text += 1
        else:
            reply = ok(s.send(cmd="apply", id=pick["id"]), "apply by id %s" % pick)
        check(reply["applied"]["text"] == pick["text"] and reply["applied"]["id"] == pick["id"],
              "applied what was asked: %s vs %s" % (reply["applied"], pick))
        player_moves += 1
    gained = [0] * len(scores)
    for e in reply["events"]:
        gained[e["player"]] += e["points"]
        reasons.add(e["reason"])
    state = reply["state"]
    check([a + b for a, b in zip(scores, gained)] == state["scores"],
          "the events add up to the scores: %s + %s != %s" % (scores, gained, state["scores"]))

check(state["over"] and state["decision"] == "end" and state["player"] == -4,
      "the game ends: %s" % state)
check(state["final_scores"] == state["scores"], "over: final scores are the scores")
check(player_moves > 150 and by_text > 70 and undos >= 2 and chosen_draws >= 5,
      "the game used every way in: %d moves, %d by text, %d undos, %d chosen draws"
      % (player_moves, by_text, undos, chosen_draws))
check(reasons - {"completed", "end of game"}, "modules scored: %s" % sorted(reasons))
print("game: %d steps, %d player moves, scores %s, reasons %s"
      % (steps, player_moves, state["scores"], sorted(reasons)))

after = s.send(cmd="apply", text="pass")
check(after["ok"] is False and after["error"]["code"] == "state"
      and after["error"]["reason_name"] == "game_over", "no action after the end: %s" % after)

record = ok(s.send(cmd="record"), "record")["record"]
check(record.startswith("carcvar-record") and "modules base" in record, "the record's header")
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "game.rec")
    with open(path, "w") as f:
        f.write(record)
    out = subprocess.run([PLAY, "--replay", path], capture_output=True, text=True)
    want = "final scores:" + "".join(" player %d = %d;" % (p, v)
                                     for p, v in enumerate(state["scores"]))
    check(out.returncode == 0 and want in out.stdout,
          "the record replays to the same scores (%s): %s" % (want, out.stdout[-200:]))
public = ok(s.send(cmd="record", public=True), "public record")["record"]
check("seed" not in public and " rng" not in public, "the public record has no seed")
loaded = ok(s.send(cmd="load", record=record), "load the record")
check(loaded["state"] == state, "load restores the game")
check(s.send(cmd="undo")["error"]["code"] == "nothing_to_undo", "no undo past a load")
board = ok(s.send(cmd="board"), "board")["board"]
check(len(board.splitlines()) > 10, "the board text")

# a record cut short loads as a game that is not over
cut = "".join(record.splitlines(True)[:60])
part = ok(s.send(cmd="load", record=cut, auto_chance=True), "load a cut record")["state"]
check(part["over"] is False and part["player"] >= 0, "a cut record is not over: %s" % part)
rc, rest = s.close()
check(rc == 0 and rest == b"", "end of input ends the session (exit %s)" % rc)

# auto_chance: the host sees only player decisions
s = Session()
r = ok(s.send(cmd="new", seed=4, auto_chance=True), "new with auto_chance")
check(r["chance"] and r["state"]["player"] == 0, "auto_chance draws the first tile: %s" % r)
for _ in range(40):
    legal = ok(s.send(cmd="legal"), "legal")
    r = ok(s.send(cmd="apply", id=legal["actions"][0]["id"]), "apply")
    check(r["state"]["player"] != -1, "auto_chance never stops at chance")
    if r["state"]["over"]:
        break
q = ok(s.send(cmd="quit", tag=3), "quit")
check(q.get("tag") == 3, "quit echoes the tag")
rc, rest = s.close()
check(rc == 0 and rest == b"", "quit ends the session")

# ------------------------------------------------------------- bad lines
s = Session()
r = s.send(cmd="state", tag="t")
check(r["ok"] is False and r["error"]["code"] == "no_game" and r["tag"] == "t",
      "no game yet: %s" % r)
BIG = 1 << 20
bad = [
    (b"nope", "json", "cannot start a value"),
    (b"", "json", "empty line"),
    (b"   ", "json", "empty line"),
    (b'{"cmd":"state"', "json", "does not end"),
    (b'{"cmd":"state"} x', "json", "text after"),
    (b'{"cmd":"state"}{}', "json", "text after"),
    (b'{"cmd":"state","cmd":"legal"}', "json", "given twice"),
    (b"[" * 100, "json", "nested more than 16"),
    (b"[" * 5000 + b"]" * 5000, "json", "nested more than 16"),
    (b"[" + b"1," * 5000 + b"1]", "json", "more than 4096 values"),
    (b'{"cmd":"\xff"}', "json", "not UTF-8"),
    (b'{"cmd":"\xc0\x80"}', "json", "not UTF-8"),
    (b'{"cmd":"\xed\xa0\x80"}', "json", "not UTF-8"),
    (b'{"cmd":"\xe2\x82"}', "json", "not UTF-8"),
    (b'{"cmd":"\\ud800"}', "json", "high surrogate"),
    (b'{"cmd":"\\udc00\\ud800"}', "json", "low surrogate"),
    (b'{"cmd":"a\x01"}', "json", "control character"),
    (b'{"cmd":"a\tb"}', "json", "control character"),
    (b'{"cmd":"state"}\x00', "json", "text after"),
    (b'\x00', "json", "cannot start"),
    (b'{"a":01}', "json", "leading zero"),
    (b'{"a":1.}', "json", "decimal point"),
    (b'{"a":1e}', "json", "exponent"),
    (b'{"a":-}', "json", "after its sign"),
    (b'{"a":tru}', "json", "cannot start"),
    (b'{"a":"\\u0000"}', "json", "NUL"),
    (b'{"a":"\\x"}', "json", "unknown escape"),
    (b'{"a":"\\u12"}', "json", "four hex digits"),
    (b'{"a" 1}', "json", "':' wanted"),
    (b'{a:1}', "json", "\"key\""),
    (b'{"a":1,}', "json", "\"key\""),
    (b'[1,]', "json", "cannot start"),
    (b"[1 2]", "json", "',' or ']'"),
    (b"'x'", "json", "cannot start"),
    (b'{"cmd":"state","x":"' + b"a" * BIG + b'"}', "too_long", "longer than 1048576"),
    (b"[1,2]", "request", "a request is a JSON object"),
    (b'"state"', "request", "a request is a JSON object"),
    (b"{}", "request", 'no "cmd"'),
    (b'{"cmd":5}', "request", "wants a command name"),
    (b'{"cmd":"fly"}', "request", "unknown command 'fly'; the commands are: info, new"),
    (b'{"cmd":"state","foo":1}', "request", '"state" takes no fields'),
    (b'{"cmd":"new","players":7}', "request", '"players": wants a whole number from 2 to 6'),
    (b'{"cmd":"new","players":2.5}', "request", "from 2 to 6"),
    (b'{"cmd":"new","players":"2"}', "request", "not a string"),
    (b'{"cmd":"new","players":1e400}', "request", "from 2 to 6"),
    (b'{"cmd":"new","seed":-1}', "request", "0 to 18446744073709551615"),
    (b'{"cmd":"new","seed":18446744073709551616}', "request", "0 to 18446744073709551615"),
    (b'{"cmd":"new","modules":"big_top"}', "request", "an array of module names"),
    (b'{"cmd":"new","modules":["nope"]}', "request", "unknown module 'nope'; the modules are:"),
    (b'{"cmd":"new","modules":[1]}', "request", "not a module name"),
    (b'{"cmd":"new","rules":{"tiny_city":9}}', "request",
     "rule tiny_city takes 1 to 2 (default 2), not 9"),
    (b'{"cmd":"new","rules":{"nope":1}}', "request", "no rule named 'nope'; the rules are: tiny_city"),
    (b'{"cmd":"new","rules":{"tiny_city":true}}', "request", "wants a whole number"),
    (b'{"cmd":"new","rules":{"am_wagon_move":1}}', "options",
     "module abbey_mayor is not in play"),
    (b'{"cmd":"new","first_player":3}', "options", "no player 3 in a 2-player game"),
    (b'{"cmd":"new","first_player":6}', "request", "from 0 to 5"),
    (b'{"cmd":"new","bag":{"Z":1}}', "request", "'Z' is no tile"),
    (b'{"cmd":"new","bag":{"D":9}}', "options", "hold only 3 D"),
    (b'{"cmd":"new","bag":{"D":0}}', "request", "1 to 255"),
    (b'{"cmd":"new","bag":{}}', "request", "no tiles given"),
    (b'{"cmd":"new","auto_chance":1}', "request", "true or false"),
    (b'{"cmd":"load"}', "request", "is missing"),
    (b'{"cmd":"state","tag":[1]}', "request", '"tag": wants a string'),
    (b'{"cmd":"state","tag":1.5}', "request", '"tag": wants a string'),
    (b'{"cmd":"load","record":"garbage"}', "record", "carcvar-record"),
    (b'{"cmd":"load","record":"carcvar-record 2\\nplayers 2\\nrule tiny_city 9\\n"}', "record",
     "rule tiny_city takes 1 to 2 (default 2), not 9"),
]
for line, code, text in bad:
    r = s.raw(line)
    e = r.get("error", {})
    check(r.get("ok") is False and e.get("code") == code and text in e.get("message", ""),
          "%r -> %s %r: %s" % (line[:60], code, text, json.dumps(r)[:300]))
r = s.raw(b'{"cmd":"new","players":"2"}')
check(r["error"].get("field") == "players", "the field at fault is named")
for line, field in [(b'{"cmd":"new","rules":{"am_wagon_move":1}}', "rules"),
                    (b'{"cmd":"new","first_player":3}', "first_player"),
                    (b'{"cmd":"new","bag":{"D":9}}', "bag")]:
    r = s.raw(line)
    check(r["error"].get("field") == field and "->" not in r["error"]["message"]
          and "opts" not in r["error"]["message"],
          "an options error in the request's words, field %s: %s" % (field, r))
r = s.raw(b'{"a":"\\u12"}')
check(r["error"].get("column") == 7, "a JSON error gives its column: %s" % r)
r = s.raw(b'{"cmd":"load","record":"carcvar-record 2\\nplayers 2\\nrule tiny_city 9\\n"}')
check(r["error"].get("line") == 3, "a record error gives its line: %s" % r)

# a game for the action errors; the session is still fine after all that
ok(s.send(cmd="new", seed=3), "new after the bad lines")
check(s.send(cmd="undo")["error"]["code"] == "nothing_to_undo", "nothing to undo at the start")
for req, code, text in [
        ({"cmd": "apply"}, "request", 'by "id"'),
        ({"cmd": "apply", "id": 1, "text": "pass"}, "request", "one of them"),
        ({"cmd": "apply", "id": 99999}, "request", "ids are 0 to 1023"),
        ({"cmd": "apply", "text": "place 1,0 r0"}, "illegal", ""),
]:
    r = s.send(**req)
    e = r.get("error", {})
    check(r["ok"] is False and e.get("code") == code and text in e.get("message", ""),
          "%s -> %s: %s" % (req, code, r))
ok(s.send(cmd="sample"), "sample")
check(s.send(cmd="sample")["error"]["code"] == "state", "no sample while a player decides")
for req, code, reason in [
        ({"cmd": "apply", "text": "place 9,9 r0"}, "illegal", "not_adjacent"),
        ({"cmd": "apply", "text": "fly away"}, "parse", "malformed"),
        ({"cmd": "apply", "text": "place 1,0 r7"}, "parse", "malformed"),
        ({"cmd": "apply", "text": "pass"}, "illegal", "wrong_kind"),
        ({"cmd": "apply", "id": 8191}, "illegal", "not_offered"),
]:
    r = s.send(**req)
    e = r.get("error", {})
    check(r["ok"] is False and e.get("code") == code and
          (reason is None or e.get("reason_name") == reason) and e.get("message"),
          "%s -> %s %s: %s" % (req, code, reason, r))
ex = ok(s.send(cmd="explain", text="place 9,9 r0"), "explain an illegal action")
check(ex["legal"] is False and ex["reason_name"] == "not_adjacent" and "9,9" in ex["message"],
      "explain says why: %s" % ex)
ex = ok(s.send(cmd="explain", text="place 1,0 r9"), "explain a malformed action")
check(ex["code"] == "parse" and ex["position"] == 10, "the position of a malformed word: %s" % ex)
check(ok(s.send(cmd="state"), "state after errors")["state"]["player"] == 0, "the game is intact")

# random garbage: one reply per line, always an object with "ok"
garbage_rng = random.Random(34)
valid = [b'{"cmd":"state"}', b'{"cmd":"legal","tag":1}', b'{"cmd":"new","players":3}',
         b'{"cmd":"explain","text":"pass"}', b'{"cmd":"apply","id":5}']
lines = []
for i in range(400):
    if i % 2:
        base = bytearray(garbage_rng.choice(valid))
        for _ in range(garbage_rng.randint(1, 4)):
            k = garbage_rng.randrange(len(base))
            op = garbage_rng.randrange(3)
            c = garbage_rng.randrange(256)
            if c == 10:
                c = 11
            if op == 0:
                base[k] = c
            elif op == 1:
                base.insert(k, c)
            elif len(base) > 1:
                del base[k]
        lines.append(bytes(base))
    else:
        n = garbage_rng.randint(0, 60)
        lines.append(bytes(garbage_rng.choice(b'{}[]",:\\u0123456789.eE-+tfnrul ax\x00\xff\xc3')
                           for _ in range(n)))
replies = 0
for line in lines:
    r = s.raw(line)
    replies += 1
    check(isinstance(r, dict) and r.get("ok") in (True, False) and
          (r["ok"] or r["error"]["code"] and r["error"]["message"]),
          "garbage %r: %s" % (line, r))
rc, rest = s.close()
check(rc == 0 and rest == b"" and replies == len(lines), "one reply per garbage line")

# --protocol takes no other option
out = subprocess.run([PLAY, "--protocol", "--seed", "3"], capture_output=True, text=True,
                     input="")
check(out.returncode == 2 and "--protocol takes no other option" in out.stderr
      and out.stdout == "", "--protocol with --seed: exit %d, %r" % (out.returncode, out.stderr))

# the worked exchange of doc/protocol.md, byte for byte
if len(sys.argv) > 2:
    with open(sys.argv[2], encoding="utf-8") as f:
        doc = f.read()
    block = doc.split("## A worked exchange", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    lines = block.splitlines()
    sent = [l[2:] for l in lines if l.startswith("> ")]
    want = [l[2:] for l in lines if l.startswith("< ")]
    check(len(sent) == len(want) > 10 and len(sent) + len(want) == len(lines),
          "the exchange alternates > and < lines")
    out = subprocess.run([PLAY, "--protocol"], input="".join(l + "\n" for l in sent),
                         capture_output=True, text=True)
    got = out.stdout.splitlines()
    check(len(got) == len(want), "one reply per request of the exchange")
    for req, w, g in zip(sent, want, got):
        check(w == g, "doc/protocol.md: %s\n  doc:  %s\n  got:  %s" % (req, w, g))

print("%d checks, %d failed" % (checks, failures))
sys.exit(1 if failures else 0)
