"""The package as pip installs it (doc/python.md, "Installing").

test_every_module_is_installed always runs.  The others build and install, so
they run when CARCVAR_INSTALL_TESTS=1 (.ci/run sets it): a fresh virtual
environment with `pip install` from the checkout, the package imported and a
game played outside the source tree; a wheel built, installed into a second
environment with no compiler on PATH, imported; CARCVAR_LIBRARY as an
override that never falls back.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

import pytest

from pkgpath import INSTALLED, ROOT, SOURCE

SYS_PYTHON = "/usr/bin/python3"
PLAY = """
import os, sys, carcvar
assert os.path.dirname(carcvar._lib._cdll._name) == os.path.dirname(carcvar.__file__), \\
    carcvar._lib._cdll._name
with carcvar.Game(players=3, seed=5) as g:
    while not g.is_terminal:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            g.apply(g.legal_ids()[-1])
    print(carcvar.__file__)
    print(g.final_scores())
"""

needs_install = pytest.mark.skipif(os.environ.get("CARCVAR_INSTALL_TESTS") != "1",
                                   reason="set CARCVAR_INSTALL_TESTS=1 (builds and installs)")


def test_every_module_is_installed():
    """bindings/python/meson.build lists every file of the package."""
    listed = set(re.findall(r"'carcvar/(\w+\.py)'",
                            open(os.path.join(SOURCE, "meson.build")).read()))
    present = {os.path.basename(p) for p in glob.glob(os.path.join(SOURCE, "carcvar", "*.py"))}
    assert present and listed == present


def clean_env(**extra):
    """The environment of a new shell: no CARCVAR_LIBRARY, no PYTHONPATH."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("CARCVAR_LIBRARY", "PYTHONPATH", "CARCVAR_TEST_INSTALLED")}
    env.update(extra)
    return env


def run(args, **kw):
    out = subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)
    assert out.returncode == 0, f"{args}\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out.stdout


def venv(path, system_site_packages=True):
    args = [SYS_PYTHON, "-m", "venv"] + (["--system-site-packages"] if system_site_packages
                                         else []) + [str(path)]
    run(args)
    return os.path.join(path, "bin", "python")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """A wheel built from the checkout (no network: the backend is Debian's)."""
    out = tmp_path_factory.mktemp("wheel")
    run([SYS_PYTHON, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "-w", str(out), ROOT], env=clean_env(), cwd=str(out))
    (whl,) = glob.glob(os.path.join(out, "carcvar-*.whl"))
    return whl


@needs_install
def test_pip_install_from_the_checkout(tmp_path):
    python = venv(tmp_path / "venv")
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-deps", ROOT],
        env=clean_env(), cwd=str(tmp_path))
    away = tmp_path / "elsewhere"
    away.mkdir()
    lines = run([python, "-c", PLAY], env=clean_env(), cwd=str(away)).splitlines()
    assert lines[0].startswith(str(tmp_path / "venv"))
    assert re.fullmatch(r"\[\d+, \d+, \d+\]", lines[1])
    # the override: a good path is used, a wrong one is an error (no fall-back)
    good = os.path.join(os.path.dirname(lines[0]), "libcarcvar.so.0")
    code = "import carcvar; print(carcvar._lib._cdll._name)"
    assert run([python, "-c", code], env=clean_env(CARCVAR_LIBRARY=good),
               cwd=str(away)).strip() == good
    bad = subprocess.run([python, "-c", code], env=clean_env(CARCVAR_LIBRARY=str(away / "x.so")),
                         cwd=str(away), capture_output=True, text=True)
    assert bad.returncode != 0 and "CARCVAR_LIBRARY" in bad.stderr and "ImportError" in bad.stderr
    # the console script: the C program inside the package, on the environment's PATH
    out = run([str(tmp_path / "venv" / "bin" / "carcvar-play"), "--seed", "1", "--quiet"],
              env=clean_env(), cwd=str(away))
    assert re.search(r"^final scores: player 0 = \d+; player 1 = \d+;$", out, re.M)


@needs_install
def test_wheel_installs_without_a_compiler(wheel, tmp_path):
    # ctypes, no extension module: any Python 3 of the platform
    assert re.search(r"carcvar-[\d.]+-py3-none-linux_\w+\.whl$", wheel)
    python = venv(tmp_path / "venv", system_site_packages=False)
    bindir = os.path.dirname(python)
    # nothing but the environment's own programs on PATH: no cc, gcc, meson, ninja
    env = clean_env(PATH=bindir, CC="/bin/false")
    run([python, "-m", "pip", "install", "--no-index", "--no-deps", wheel], env=env,
        cwd=str(tmp_path))
    assert shutil.which("gcc", path=bindir) is None and shutil.which("meson", path=bindir) is None
    away = tmp_path / "elsewhere"
    away.mkdir()
    lines = run([python, "-c", PLAY], env=env, cwd=str(away)).splitlines()
    assert lines[0].startswith(str(tmp_path / "venv"))
    out = run([os.path.join(bindir, "carcvar-play"), "--players", "3", "--seed", "4", "--quiet"],
              env=env, cwd=str(away))
    assert re.search(r"^final scores: player 0 = \d+; player 1 = \d+; player 2 = \d+;$", out,
                     re.M)


@needs_install
def test_a_python_without_meson_python_is_named(tmp_path):
    """The README's install line run by a Python that cannot import mesonpy
    (pyenv, conda; here a venv that does not see Debian's packages): one
    message naming that interpreter and what to do, no traceback."""
    python = venv(tmp_path / "venv", system_site_packages=False)
    out = subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--no-deps",
                          "--no-index", ROOT], env=clean_env(), cwd=str(tmp_path),
                         capture_output=True, text=True, timeout=600)
    text = out.stdout + out.stderr
    assert out.returncode != 0
    assert f"carcvar: cannot build: {python} (Python 3." in text
    assert "has no meson-python (No module named 'mesonpy')" in text
    assert "/usr/bin/python3 -m venv --system-site-packages venv" in text
    assert "Traceback" not in text


@pytest.mark.skipif(not INSTALLED, reason="runs against the installed package only")
def test_carcvar_play_is_a_console_script():
    """pip put carcvar-play on the environment's PATH; it runs the program
    inside the package."""
    import carcvar
    exe = os.path.join(os.path.dirname(sys.executable), "carcvar-play")
    assert os.access(exe, os.X_OK)
    assert os.access(os.path.join(os.path.dirname(carcvar.__file__), "carcvar-play"), os.X_OK)
    out = subprocess.run([exe, "--seed", "3", "--quiet"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and re.search(r"^final scores: player 0 = \d+;", out.stdout, re.M)


def test_the_entry_point_without_the_program(monkeypatch, capsys):
    """In a checkout (no program inside the package) the entry point says
    where the program comes from and exits 2."""
    from carcvar import _play
    monkeypatch.setattr(_play, "PROGRAM", "/nonexistent/carcvar-play")
    assert _play.main([]) == 2
    assert "pip install . installs it" in capsys.readouterr().err


@pytest.mark.skipif(not INSTALLED, reason="runs against the installed package only")
def test_the_tests_use_the_installed_package():
    import carcvar
    here = os.path.dirname(os.path.abspath(carcvar.__file__))
    assert not here.startswith(SOURCE) and here.startswith(sys.prefix)
    assert "CARCVAR_LIBRARY" not in os.environ
    assert os.path.dirname(carcvar._lib._cdll._name) == here
