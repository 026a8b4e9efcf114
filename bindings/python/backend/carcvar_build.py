"""The PEP 517 build backend of pyproject.toml: meson-python, with two
additions.

1. A Python that cannot import meson-python (a pyenv or conda python3 first
   on PATH, with `pip install --no-build-isolation .`) gets one message
   naming that interpreter and what to do, not pip's traceback.
2. The wheel is tagged py3-none-<platform>: the package is ctypes over
   libcarcvar.so.0 and runs on any Python 3 of that platform, but
   meson-python tags a wheel with files in platlib for the interpreter that
   built it (cp311-cp311-...).  The WHEEL file, RECORD and the file name are
   rewritten; the files are unchanged.
"""
import base64
import hashlib
import os
import sys
import zipfile

try:
    import mesonpy as _mesonpy
except ImportError as _err:  # no backend: say which Python, what to do
    _base = getattr(sys, "_base_executable", sys.executable)
    sys.stderr.write(
        "\ncarcvar: cannot build: {exe} (Python {ver}{base}) has no meson-python "
        "({err}).\n"
        "  On Debian 12, use Debian's Python, which sees python3-mesonpy:\n"
        "    apt-get install -y python3-mesonpy python3-pip python3-venv\n"
        "    /usr/bin/python3 -m venv --system-site-packages venv && "
        "venv/bin/pip install --no-build-isolation .\n"
        "  With another Python (pyenv, conda), leave out --no-build-isolation so pip "
        "fetches meson-python and meson from PyPI (pip install .), or install them into "
        "that Python first (pip install meson-python meson ninja).\n\n".format(
            exe=sys.executable, ver=".".join(map(str, sys.version_info[:3])),
            base="" if _base == sys.executable else ", from " + _base, err=_err))
    sys.exit(1)

# every hook meson-python has, as its own
for _name in ("get_requires_for_build_sdist", "get_requires_for_build_wheel",
              "get_requires_for_build_editable", "prepare_metadata_for_build_wheel",
              "build_sdist", "build_editable"):
    if hasattr(_mesonpy, _name):
        globals()[_name] = getattr(_mesonpy, _name)


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "{},sha256={},{}".format(name, digest.decode("ascii"), len(data))


def _retag(directory, name):
    """Rename wheel `name` in `directory` to the py3-none-<platform> tag;
    returns the new name (the same if it already has it)."""
    stem = name[:-len(".whl")]
    parts = stem.split("-")            # dist, version, [build,] python, abi, platform
    platform = parts[-1]
    tag = "py3-none-" + platform
    new = "-".join(parts[:-3]) + "-" + tag + ".whl"
    if new == name:
        return name
    src = os.path.join(directory, name)
    dst = os.path.join(directory, new)
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        infos = zin.infolist()
        record = next(i.filename for i in infos if i.filename.endswith(".dist-info/RECORD"))
        wheel = record[:-len("RECORD")] + "WHEEL"
        fixed = {}
        lines = zin.read(wheel).decode("utf-8").splitlines()
        fixed[wheel] = ("\n".join("Tag: " + tag if ln.startswith("Tag:") else ln
                                  for ln in lines) + "\n").encode("utf-8")
        rec = []
        for ln in zin.read(record).decode("utf-8").splitlines():
            path = ln.split(",")[0]
            rec.append(_record_line(path, fixed[path]) if path in fixed else ln)
        fixed[record] = ("\n".join(rec) + "\n").encode("utf-8")
        for info in infos:
            zout.writestr(info, fixed.get(info.filename, zin.read(info.filename)))
    os.remove(src)
    return new


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = _mesonpy.build_wheel(wheel_directory, config_settings, metadata_directory)
    return _retag(wheel_directory, name)
