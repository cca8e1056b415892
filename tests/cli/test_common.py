"""What every writing command shares (cli.common and write/): -o never names an input, a
device, a pipe or a folder; messages name the user's path; signals leave no temporary file."""

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kolaps_print import resources

ARMY = resources.kolaps_dir() / "armies" / "vampires.yaml"
NOTHING = "kolaps-print: nothing was written\n"
INPUT = "error: this is {what}, which this run reads; kolaps-print never writes over its inputs (choose another -o)\n"


@pytest.fixture
def sources(tmp_path, monkeypatch):
    """A copy of the data and templates folders, read through KOLAPS_DATA / KOLAPS_TEMPLATES."""
    data, templates = tmp_path / "data", tmp_path / "templates"
    shutil.copytree(resources.data_dir(), data)
    shutil.copytree(resources.templates_dir(), templates)
    monkeypatch.setenv("KOLAPS_DATA", str(data))
    monkeypatch.setenv("KOLAPS_TEMPLATES", str(templates))
    monkeypatch.chdir(tmp_path)
    return data, templates


def untouched(path: Path, before: bytes) -> bool:
    return path.read_bytes() == before and not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    "args", [["tables"], ["calibrate"], ["schema"], ["cards", "army.yaml"], ["rulebook", "--edition", "quickstart"]]
)
def test_every_command_refuses_to_write_over_a_data_file(cli, sources, args):
    shutil.copy(ARMY, "army.yaml")
    weapons = resources.kolaps_folder(sources[0]) / "weapons.yaml"
    before = weapons.read_bytes()
    result = cli([*args, "-o", "data/rulesets/kolaps/weapons.yaml"])
    assert result.exit_code == 1, result.stderr
    assert result.stderr.endswith(
        "data/rulesets/kolaps/weapons.yaml: " + INPUT.format(what="a file of the data folder data/") + NOTHING
    )
    assert untouched(weapons, before)


def test_rulebook_refuses_to_write_over_a_chapter(cli, sources):
    chapter = sources[1] / "rulesets" / "kolaps" / "demarrage" / "01-premiers-pas.md.j2"
    before = chapter.read_bytes()
    result = cli(["rulebook", "--edition", "quickstart", "-o", chapter])
    assert result.exit_code == 1
    assert (
        result.stderr
        == f"{chapter}: " + INPUT.format(what="a file of the templates folder templates/rulesets/kolaps/") + NOTHING
    )
    assert untouched(chapter, before)


@pytest.mark.parametrize(
    "path, message",
    [
        (".", "error: this is a folder; give a file name"),
        ("/", "error: this is a folder; give a file name"),
        (
            "/dev/null",
            "error: this is a device, not a file; kolaps-print writes only regular files (choose another -o)",
        ),
    ],
)
def test_a_folder_or_a_device_is_refused_by_its_name(cli, tmp_path, monkeypatch, path, message):
    monkeypatch.chdir(tmp_path)
    for args in (["calibrate"], ["schema"], ["tables"]):
        result = cli([*args, "-o", path])
        assert result.exit_code == 1
        assert result.stderr == f"{path}: {message}\n{NOTHING}"  # never a temporary file
    assert os.listdir(tmp_path) == [] and os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


def test_an_empty_output_is_a_usage_error(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args in (["calibrate"], ["schema"], ["tables"], ["rulebook"], ["cards", ARMY], ["kit", "k.yaml"]):
        result = cli([*args, "-o", ""])
        assert result.exit_code == 2 and "empty path" in result.stderr, args
    assert os.listdir(tmp_path) == []


def test_a_pipe_is_refused(cli, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    result = cli(["calibrate", "-o", tmp_path / "pipe"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{tmp_path / 'pipe'}: error: this is a named pipe, not a file; kolaps-print writes only "
        f"regular files (choose another -o)\n{NOTHING}"
    )


def test_a_link_is_written_through_and_a_private_file_stays_private(cli, tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"%PDF-old")
    real.chmod(0o600)
    os.symlink("real.pdf", tmp_path / "link.pdf")
    result = cli(["calibrate", "-o", tmp_path / "link.pdf"])
    assert result.exit_code == 0, result.stderr
    assert f"calibration sheet written: {tmp_path / 'link.pdf'} " in result.stdout
    assert os.readlink(tmp_path / "link.pdf") == "real.pdf"
    assert real.read_bytes()[:5] == b"%PDF-" and len(real.read_bytes()) > 1000
    assert oct(real.stat().st_mode & 0o777) == oct(0o600)
    assert sorted(os.listdir(tmp_path)) == ["link.pdf", "real.pdf"]


def test_a_read_only_file_is_refused(cli, tmp_path):
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(b"%PDF-old")
    locked.chmod(0o444)
    result = cli(["tables", "-o", locked])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{locked}: error: this file is read-only; kolaps-print does not replace it "
        f"(make it writable, or choose another -o)\n{NOTHING}"
    )
    assert locked.read_bytes() == b"%PDF-old"


def test_a_full_disk_names_the_file(cli, tmp_path, monkeypatch):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"%PDF-old")

    def full(fd):
        raise OSError(28, os.strerror(28))

    monkeypatch.setattr(os, "fsync", full)
    result = cli(["calibrate", "-o", target])
    assert result.exit_code == 1
    assert result.stderr == f"{target}: error: cannot write this file (No space left on device)\n{NOTHING}"
    assert untouched(target, b"%PDF-old")


# ---- signals: a real process, stopped while it writes ------------------------------------
SLOW_WRITER = """
import os, sys, time
def slow_fsync(fd):
    print("writing", flush=True)
    time.sleep(60)
os.fsync = slow_fsync
from kolaps_print.cli import main
sys.argv = ["kolaps-print", "schema", "-o", sys.argv[1]]
main()
"""


def _default_signals() -> None:
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def stop_while_writing(target: Path, signum: int) -> subprocess.CompletedProcess:
    writer = subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITER, str(target)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=target.parent,
        preexec_fn=_default_signals,  # a suite run under nohup has SIGHUP ignored: a user's shell has not
    )
    try:
        assert writer.stdout.readline() == "writing\n"  # the temporary file exists now
        assert [p for p in os.listdir(target.parent) if p.endswith(".tmp")]
        writer.send_signal(signum)
        stdout, stderr = writer.communicate(timeout=30)
    finally:
        writer.kill()
    return subprocess.CompletedProcess(writer.args, writer.returncode, stdout, stderr)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_remove_the_temporary_file(tmp_path, signum):
    target = tmp_path / "army.schema.json"
    target.write_text("{}")
    done = stop_while_writing(target, signum)
    assert done.returncode == 128 + signum
    assert done.stderr == "kolaps-print: terminated; nothing was written\n"
    assert os.listdir(tmp_path) == ["army.schema.json"] and target.read_text() == "{}"


def test_what_sigkill_leaves_is_removed_by_the_next_run(cli, tmp_path):
    target = tmp_path / "army.schema.json"
    done = stop_while_writing(target, signal.SIGKILL)
    assert done.returncode == -signal.SIGKILL
    left = [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(".army.schema.json.")
    result = cli(["schema", "-o", target])
    assert result.exit_code == 0, result.stderr
    assert os.listdir(tmp_path) == ["army.schema.json"]
