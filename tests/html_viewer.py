#!/usr/bin/python3
"""The replay viewer in a real headless browser (Debian's chromium), driven
through the DevTools protocol over a pipe (--remote-debugging-pipe: no
port, no network, no package beyond the standard library).

It plays a seeded game with carcvar-play, writes its record and the viewer
page (carcvar-play --replay REC --html PAGE), loads the page and checks:
no console error and no exception; nothing is fetched but the file itself;
the slider runs from step 0 to the last step (one per line of the record
body); moving it to the end shows the record's final scores in the panel
and in the breakdown; the step buttons and the move list move it; tiles and
figures shown match the step.  A screenshot of the last step is written to
html_viewer.png in the current directory (or argv[2]).

usage: html_viewer.py CARCVAR-PLAY [SCREENSHOT]; exit 77 (skip) without
chromium."""
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
                  '--no-first-run', '--disable-background-networking',
                  '--disable-component-update', '--disable-sync',
                  '--remote-debugging-pipe', '--window-size=1400,1000']


class Browser:
    def __init__(self, exe, profile):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()

        def fds():  # the child reads commands on fd 3 and answers on fd 4
            r, w = os.dup(to_child_r), os.dup(from_child_w)  # out of the way of 3, 4
            os.dup2(r, 3)
            os.dup2(w, 4)

        self.proc = subprocess.Popen(
            [exe] + CHROMIUM_FLAGS + ['--user-data-dir=' + profile, 'about:blank'],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b''
        self.next_id = 0
        self.events = []

    def _read(self, deadline):
        while b'\0' not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError('no answer from chromium')
            r, _, _ = select.select([self.from_child], [], [], left)
            if r:
                chunk = os.read(self.from_child, 1 << 20)
                if not chunk:
                    raise EOFError('chromium closed the pipe')
                self.buf += chunk
        msg, self.buf = self.buf.split(b'\0', 1)
        return json.loads(msg)

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        cmd = {'id': self.next_id, 'method': method, 'params': params or {}}
        if session:
            cmd['sessionId'] = session
        os.write(self.to_child, json.dumps(cmd).encode() + b'\0')
        deadline = time.time() + timeout
        while True:
            msg = self._read(deadline)
            if msg.get('id') == self.next_id:
                if 'error' in msg:
                    raise RuntimeError('%s: %s' % (method, msg['error']))
                return msg.get('result', {})
            self.events.append(msg)

    def wait_event(self, method, timeout=30):
        deadline = time.time() + timeout
        for i, ev in enumerate(self.events):
            if ev.get('method') == method:
                return self.events.pop(i)
        while True:
            msg = self._read(deadline)
            if msg.get('method') == method:
                return msg
            self.events.append(msg)

    def close(self):
        try:
            self.send('Browser.close', timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main():
    play = sys.argv[1]
    shot = sys.argv[2] if len(sys.argv) > 2 else 'html_viewer.png'
    exe = shutil.which('chromium') or shutil.which('chromium-browser')
    if not exe:
        print('chromium not installed: skipped')
        return 77
    tmp = tempfile.mkdtemp(prefix='carcvar-html-')
    try:
        return run(play, exe, tmp, shot)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(play, exe, tmp, shot):
    rec = os.path.join(tmp, 'game.rec')
    page = os.path.join(tmp, 'game.html')
    out = subprocess.run([play, '--seed', '3', '--players', '3', '--agent', '1=greedy',
                          '--quiet', '--record-out', rec], check=True, capture_output=True,
                         text=True).stdout
    final = [int(part.split('=')[1]) for part in
             out.strip().splitlines()[-1].split(':', 1)[1].split(';') if '=' in part]
    subprocess.run([play, '--replay', rec, '--html', page], check=True,
                   capture_output=True)
    body = [ln for ln in open(rec).read().splitlines()
            if ln.strip() and not ln.startswith('#') and
            not ln.split()[0] in ('carcvar-record', 'players', 'seed', 'modules', 'rule')]
    steps = len(body)
    assert len(final) == 3 and steps > 100, (final, steps)

    b = Browser(exe, os.path.join(tmp, 'profile'))
    failures, checks = [], []
    try:
        target = b.send('Target.createTarget', {'url': 'about:blank'})['targetId']
        sess = b.send('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
        for domain in ('Page', 'Runtime', 'Log', 'Network'):
            b.send(domain + '.enable', session=sess)
        b.send('Emulation.setDeviceMetricsOverride', {'width': 1400, 'height': 1000,
               'deviceScaleFactor': 1, 'mobile': False}, session=sess)
        b.send('Page.navigate', {'url': 'file://' + page}, session=sess)
        b.wait_event('Page.loadEventFired')

        def js(expr):
            r = b.send('Runtime.evaluate', {'expression': expr, 'returnByValue': True},
                       session=sess)
            if 'exceptionDetails' in r:
                raise RuntimeError('%s: %s' % (expr, r['exceptionDetails']))
            return r['result'].get('value')

        def check(cond, what):
            print(('ok     ' if cond else 'FAILED ') + what)
            checks.append(what)
            if not cond:
                failures.append(what)

        state = '''(function(){var q=function(s){return [].slice.call(document.querySelectorAll(s));};
          var vis=function(e){return e.style.display!=='none';};
          return {step:+document.body.getAttribute('data-step'),
            max:+document.getElementById('slider').max,
            value:+document.getElementById('slider').value,
            where:document.getElementById('where').textContent,
            status:document.getElementById('status').textContent,
            scores:q('#players .score').map(function(e){return +e.textContent;}),
            supply:q('#players .supply').map(function(e){return e.textContent;}),
            finals:q('#breakdown .final').map(function(e){return +e.textContent;}),
            tiles:q('#board .tile').filter(vis).length,
            figures:q('#board .span').filter(vis).length,
            cur:q('#moves li.cur').map(function(e){return +e.getAttribute('data-step');}),
            moves:q('#moves li').length};})()'''
        s0 = js(state)
        check(s0['step'] == 0 and s0['value'] == 0, 'opens at step 0: %s' % s0['where'])
        check(s0['max'] == steps, 'the slider has one step per record line (%d, %d)'
              % (s0['max'], steps))
        check(s0['moves'] == steps + 1, 'the move list has every line and the start')
        check(s0['tiles'] == 1 and s0['figures'] == 0, 'step 0 shows the start tile only')
        check(s0['scores'] == [0, 0, 0], 'scores start at 0')
        check(s0['supply'][0] == '7 follower', 'supply at step 0: %s' % s0['supply'][0])

        # drag the slider to the end: an input event, as a user's drag gives
        js('''(function(){var s=document.getElementById('slider');s.value=s.max;
               s.dispatchEvent(new Event('input'));})()''')
        s1 = js(state)
        check(s1['step'] == steps and s1['cur'] == [steps], 'the slider reaches the last move')
        check(s1['scores'] == final, 'final scores shown %s = the record\'s %s'
              % (s1['scores'], final))
        check(s1['finals'] == final, 'breakdown totals %s = %s' % (s1['finals'], final))
        check(s1['status'].startswith('Game over'), 'the panel says the game is over')
        check(s1['tiles'] >= 60, 'the last step shows the whole board (%d tiles)' % s1['tiles'])
        # the breakdown's columns add up to each total
        sums = js('''[].slice.call(document.querySelectorAll('#breakdown tbody tr')).map(
            function(r){var c=[].slice.call(r.querySelectorAll('td.num'));var t=0;
            for(var i=0;i<c.length-2;i++)t+=+c[i].textContent;return t;})''')
        check(sums == final, 'points by feature add up to the totals %s' % sums)

        js("document.getElementById('prev').click()")
        check(js(state)['step'] == steps - 1, 'the previous-step button steps back')
        js("document.getElementById('first').click()")
        check(js(state)['step'] == 0, 'the first button goes to the start')
        js("document.getElementById('next').click()")
        check(js(state)['step'] == 1, 'the next-step button steps on')
        js("document.getElementById('nextturn').click()")
        st = js(state)
        check(st['step'] > 1 and st['tiles'] == 2, 'next turn: the first tile is on the board')
        js("document.querySelector('#moves li[data-step=\"%d\"]').click()" % (steps // 2))
        mid = js(state)
        check(mid['step'] == steps // 2 and 1 < mid['tiles'] < s1['tiles'],
              'a click on a move goes to its step')
        js("window.carcvarReplay.show(%d)" % steps)
        png = b.send('Page.captureScreenshot', {'format': 'png'}, session=sess)['data']
        with open(shot, 'wb') as f:
            f.write(base64.b64decode(png))

        errors, fetched = [], []
        for ev in b.events:
            m, p = ev.get('method'), ev.get('params', {})
            if m == 'Runtime.exceptionThrown':
                errors.append(p['exceptionDetails'].get('text'))
            elif m == 'Runtime.consoleAPICalled' and p.get('type') in ('error', 'assert'):
                errors.append(str(p.get('args')))
            elif m == 'Log.entryAdded' and p['entry'].get('level') == 'error':
                errors.append(p['entry'].get('text'))
            elif m == 'Network.requestWillBeSent':
                fetched.append(p['request']['url'])
        check(not errors, 'no console error or exception %s' % errors)
        check(all(u.startswith('file://' + page) for u in fetched),
              'nothing fetched but the page itself %s' % fetched)
    finally:
        b.close()
    print('screenshot: %s' % os.path.abspath(shot))
    print('%d passed, %d failed' % (len(checks) - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
