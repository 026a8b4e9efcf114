"""Every ```python block of doc/python.md runs."""
import os
import re
import subprocess
import sys

from pkgpath import pythonpath

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "..", "doc", "python.md")


def test_python_md_samples_run():
    blocks = re.findall(r"```python\n(.*?)```", open(DOC).read(), re.S)
    assert blocks
    env = dict(os.environ)
    env["PYTHONPATH"] = pythonpath(os.path.dirname(os.path.abspath(__file__)))
    for code in blocks:
        if "import pyspiel" in code:     # pyspiel cannot be installed here: its stand-in
            code = ("import sys, fake_pyspiel\nsys.modules['pyspiel'] = fake_pyspiel\n" +
                    code + "\nassert isinstance(game, fake_pyspiel.Game)\n")
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=120)
        assert out.returncode == 0, out.stderr
