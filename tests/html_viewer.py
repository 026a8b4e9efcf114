#!/usr/bin/python3
"""The replay viewer in a real headless browser (Debian's chromium), driven
through the DevTools protocol over a pipe (--remote-debugging-pipe: no
port, no network, no package beyond the standard library).

It plays a seeded game with carcvar-play, writes its record and the viewer
page (carcvar-play --replay REC --html PAGE), loads the page and checks:
no console error and no exception; nothing is fetched but the file itself;
the slider runs from step 0 to the last step (one per line of the record
body, then the end-of-game scoring's own step); moving it to the end shows
the record's final scores in the panel and in the breakdown, the step
before it the points of play; the step buttons and the move list move it;
tiles and figures shown match the step; the view fits the board of the
step shown (tiles larger early on, every tile inside the view) and zooms
(buttons, the wheel) and moves (a drag); then, on a Traders & Builders record with a
host setup (tests/scenarios/tb_goods_three_kinds_end.rec), the goods each
player holds at the first and last step and the breakdown's columns by
score reason.  A screenshot of the last step is written to
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
    # the end-of-game scoring, from the record's comments
    end = [0, 0, 0]
    for ln in open(rec).read().splitlines():
        if ln.startswith('# player ') and ': ' in ln and ' end of game' in ln:
            words = ln.split()
            end[int(words[2])] += int(words[4].rstrip(':'))
    play_pts = [f - e for f, e in zip(final, end)]
    assert play_pts != final, (play_pts, final)

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
        check(s0['max'] == steps + 1, 'the slider has one step per record line and the '
              'final scoring (%d, %d + 1)' % (s0['max'], steps))
        check(s0['moves'] == steps + 2, 'the move list has every line, the start and the end')
        check(s0['tiles'] == 1 and s0['figures'] == 0, 'step 0 shows the start tile only')
        check(s0['scores'] == [0, 0, 0], 'scores start at 0')
        check(s0['supply'][0] == '7 followers', 'supply at step 0: %s' % s0['supply'][0])

        # drag the slider to the end: an input event, as a user's drag gives
        js('''(function(){var s=document.getElementById('slider');s.value=s.max;
               s.dispatchEvent(new Event('input'));})()''')
        s1 = js(state)
        check(s1['step'] == steps + 1 and s1['cur'] == [steps + 1],
              'the slider reaches the final scoring')
        last_li = js("document.querySelector('#moves li:last-child').className + '|' + "
                     "document.querySelector('#moves li:last-child .act').textContent")
        check(last_li == 'end cur|end of game: final scoring',
              'the last item of the move list is the final scoring: %s' % last_li)
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
        sp = js(state)
        check(sp['step'] == steps, 'the previous-step button steps back')
        check(sp['scores'] == play_pts, 'the last move shows the points of play %s (final %s)'
              % (sp['scores'], final))
        check(not sp['status'].startswith('Game over'), 'the last move is before the end: %s'
              % sp['status'])
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
        # the view fits the board of the step: tiles larger while the board
        # is small, every tile inside the view
        view = '''(function(){var t=[].slice.call(document.querySelectorAll('#board .tile'))
          .filter(function(e){return e.style.display!=='none';});
          var r=t.map(function(e){return e.querySelector('.field').getBoundingClientRect();});
          var b=document.getElementById('board').getBoundingClientRect();
          return {px:r[0].width,x:r[0].left,y:r[0].top,inside:r.every(function(q){
            return q.left>=b.left-1&&q.right<=b.right+1&&q.top>=b.top-1&&q.bottom<=b.bottom+1;})};
          })()'''
        js('window.carcvarReplay.show(0)')
        v0 = js(view)
        js('window.carcvarReplay.show(60)')
        v60 = js(view)
        js('window.carcvarReplay.show(%d)' % (steps + 1))
        vend = js(view)
        check(v0['px'] > 120 and v0['inside'], 'step 0: the start tile %.0f px wide' % v0['px'])
        check(v60['inside'] and v60['px'] > 1.3 * vend['px'],
              'step 60 fits its own board: tiles %.0f px (%.0f px at the end)'
              % (v60['px'], vend['px']))
        check(vend['inside'], 'the last step shows every tile')
        # zoom: the buttons, the wheel (about the pointer); move: a drag; fit
        js("document.getElementById('zoomin').click()")
        vz = js(view)
        check(abs(vz['px'] - 1.25 * vend['px']) < 1.5, 'zoom in: %.1f px -> %.1f px'
              % (vend['px'], vz['px']))
        js("document.getElementById('zoomout').click()")
        check(abs(js(view)['px'] - vend['px']) < 1.5, 'zoom out: back to the size')
        js('''(function(){var b=document.getElementById('board'),r=b.getBoundingClientRect();
          b.dispatchEvent(new WheelEvent('wheel',{deltaY:-100,clientX:r.left+r.width/2,
          clientY:r.top+r.height/2,bubbles:true,cancelable:true}));})()''')
        vw = js(view)
        check(abs(vw['px'] - 1.25 * vend['px']) < 1.5, 'the wheel zooms: %.1f px' % vw['px'])
        js('''(function(){var b=document.getElementById('board'),r=b.getBoundingClientRect();
          var x=r.left+100,y=r.top+100,o={bubbles:true,pointerId:1,clientX:x,clientY:y};
          b.dispatchEvent(new PointerEvent('pointerdown',o));
          o.clientX=x+40;o.clientY=y+25;b.dispatchEvent(new PointerEvent('pointermove',o));
          b.dispatchEvent(new PointerEvent('pointerup',o));})()''')
        vd = js(view)
        check(abs(vd['x'] - vw['x'] - 40) < 1.5 and abs(vd['y'] - vw['y'] - 25) < 1.5,
              'a drag moves the board with the pointer (%.1f, %.1f)'
              % (vd['x'] - vw['x'], vd['y'] - vw['y']))
        js('window.carcvarReplay.show(60)')
        check(abs(js(view)['px'] - vd['px']) < 0.5, 'a zoomed view stays when stepping')
        js("document.getElementById('fit').click()")
        check(abs(js(view)['px'] - v60['px']) < 0.5, 'fit: the board of the step again')

        js("window.carcvarReplay.show(%d)" % (steps + 1))
        png = b.send('Page.captureScreenshot', {'format': 'png'}, session=sess)['data']
        with open(shot, 'wb') as f:
            f.write(base64.b64decode(png))

        # a Traders & Builders game with a host's setup: the goods per player
        # at each step, every module reason in its own breakdown column
        tb_rec = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'scenarios',
                              'tb_goods_three_kinds_end.rec')
        tb_page = os.path.join(tmp, 'goods.html')
        subprocess.run([play, '--replay', tb_rec, '--html', tb_page], check=True,
                       capture_output=True)
        b.send('Page.navigate', {'url': 'file://' + tb_page + '#step=end'}, session=sess)
        b.wait_event('Page.loadEventFired')
        goods = '''(function(){var q=function(s){return [].slice.call(document.querySelectorAll(s));};
          return {tokens:q('#players .tokens').map(function(e){return e.textContent;}),
            supply:q('#players .supply').map(function(e){return e.textContent;}),
            scores:q('#players .score').map(function(e){return +e.textContent;}),
            cols:q('#breakdown th').map(function(e){return e.textContent;})};})()'''
        g1 = js(goods)
        check(g1['tokens'] == ['1 wine, 1 grain, 1 cloth', ''] and g1['scores'] == [30, 10],
              'goods at the end: %s, scores %s' % (g1['tokens'], g1['scores']))
        check(g1['supply'][0] == '7 followers, 1 builder, 1 pig',
              'supply of every figure kind: %s' % g1['supply'][0])
        check(g1['cols'][1:5] == ['city', 'most wine', 'most grain', 'most cloth'],
              'breakdown columns by reason: %s' % g1['cols'])
        js('window.carcvarReplay.show(0)')
        g0 = js(goods)
        check(g0['tokens'] == ['', ''], 'no goods at step 0: %s' % g0['tokens'])

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
        check(all(u.startswith('file://' + page) or u.startswith('file://' + tb_page)
                  for u in fetched),
              'nothing fetched but the page itself %s' % fetched)
    finally:
        b.close()
    print('screenshot: %s' % os.path.abspath(shot))
    print('%d passed, %d failed' % (len(checks) - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
