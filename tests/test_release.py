"""A release (docs/README.md, CHANGELOG.md): ``python -m build`` makes a wheel and an sdist;
each, installed into a clean virtual environment, runs ``tablerummy --version``,
``tablerummy play`` and ``tablerummy serve`` (pages, scripts and ``/healthz`` answered).

Offline and quick: the sources are copied (the build writes nothing into the checkout),
built without an isolated environment (the test environment's setuptools), and the clean
environments find the dependencies in the test environment's site-packages through a
``.pth`` line — a plain path, so the checkout's own editable install is not seen there.
``pip install --no-index`` fails if anything is missing.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def run(*cmd: str | Path, cwd: Path | None = None, timeout: float = 300,
        ) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": ""}, check=False)
    assert done.returncode == 0, f"{cmd}: {done.stderr or done.stdout}"
    return done


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel and the sdist of the checkout as it is (tracked and new files)."""
    listed = run("git", "ls-files", "--cached", "--others", "--exclude-standard", "-z",
                 cwd=ROOT).stdout.split("\0")
    source = tmp_path_factory.mktemp("source")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("dist")
    # the sdist first, then the wheel built from the sdist: the sdist must be complete
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, source)
    return out


def clean_venv(where: Path) -> Path:
    """A new environment with no packages, that sees the test environment's as a path."""
    run(sys.executable, "-m", "venv", "--without-pip", where)
    python = where / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").stdout
    Path(site.strip(), "_test_deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return python


@pytest.mark.parametrize("kind", ["whl", "tar.gz"])
def test_built_package_installs_and_runs(dist: Path, tmp_path: Path, kind: str) -> None:
    (artifact,) = dist.glob(f"tablerummy-*.{kind}")
    version = importlib.metadata.version("tablerummy")
    assert artifact.name.startswith(f"tablerummy-{version}")
    python = clean_venv(tmp_path / "venv")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index",
        "--no-build-isolation", f"tablerummy[web] @ {artifact.as_uri()}")
    tablerummy = tmp_path / "venv" / "bin" / "tablerummy"
    # the installed package, not the checkout
    where = run(python, "-c", "import tablerummy; print(tablerummy.__file__)").stdout
    assert where.startswith(str(tmp_path / "venv")), where
    assert run(tablerummy, "--version").stdout.strip() == f"tablerummy {version}"

    played = run(tablerummy, "play", "capone", "--seats", "random,random", "--seed", "3",
                 "-o", "target=25", "--save", tmp_path / "game.json")
    assert "wins the game" in played.stdout
    run(tablerummy, "verify", tmp_path / "game.json")
    # the search reads its families' learned estimates, shipped as data in the package
    searched = run(tablerummy, "play", "fortune", "--seats", "ismcts:iterations=20,greedy",
                   "--seed", "3", "-o", "target=60")
    assert "wins the game" in searched.stdout
    estimates = run(python, "-c", "from tablerummy.registry import family_of; "
                    "from tablerummy.variant import get_variant; print(*(family_of("
                    "get_variant(v)).search().weights(v, 2) is not None for v in "
                    "('capone', 'ripper', 'fortune', 'arlington', 'arlington-heights')))")
    assert estimates.stdout.split() == ["True"] * 5

    port = _free_port()
    server = subprocess.Popen(
        [tablerummy, "serve", "--port", str(port), "--db",
         f"sqlite:///{tmp_path / 'tables.sqlite3'}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONPATH": "", "TABLERUMMY_BOT_WORKERS": "0"})
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            assert time.monotonic() < deadline, "the installed server did not start"
            time.sleep(0.1)
        for page in ("/", "/static/table.js", "/static/table.css", "/api/variants"):
            assert httpx.get(base + page, timeout=10).status_code == 200, page
    finally:
        server.terminate()
        server.wait(20)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
