"""`tablerummy variants`, `rules`, `--cards` and option errors, through the real command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tablerummy import OptionError, get_variant
from tablerummy.capone.variant import Capone


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tablerummy", *args],
                          capture_output=True, text=True, check=False)


def test_variants_lists_capone_with_its_options() -> None:
    out = run("variants")
    assert out.returncode == 0
    assert "capone" in out.stdout
    for option in ("players=2", "teams=true", "target=200"):
        assert option in out.stdout


def test_rules_prints_summary_and_card_table_with_defaults_marked() -> None:
    out = run("rules", "capone")
    assert out.returncode == 0
    assert "Al Capone" in out.stdout and "Mike Heitler" in out.stdout
    assert "Exclusion" in out.stdout
    assert "3 *" in out.stdout and "38 *" in out.stdout  # defaults carry the mark


@pytest.mark.parametrize("suffix,text", [
    (".toml", '[al-capone]\npoints = 6\nset = 90\n'),
    (".json", '{"al-capone": {"points": 6, "set": 90}}'),
])
def test_cards_file_overrides_values(tmp_path: Path, suffix: str, text: str) -> None:
    path = tmp_path / f"cards{suffix}"
    path.write_text(text)
    out = run("rules", "capone", "--cards", str(path))
    assert out.returncode == 0, out.stderr
    row = next(line for line in out.stdout.splitlines() if "al-capone" in line)
    assert "6" in row and "90" in row and "*" not in row


def test_card_override_changes_scoring() -> None:
    variant = get_variant("capone", cards={"al-capone": {"points": 6, "set": 90}})
    assert isinstance(variant, Capone)
    assert variant.cards.area_points(0, 3) == 18
    assert variant.cards.area_points(0, 8) == 90


@pytest.mark.parametrize("text,message", [
    ('[al-capone]\ncopies = 9\n', "no value 'copies'"),
    ('[nobody]\npoints = 1\n', "no card 'nobody'"),
    ('[al-capone]\npoints = -1\n', "whole number"),
    ('not toml at all [', "is not valid"),
])
def test_bad_cards_file_is_one_line_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    out = run("rules", "capone", "--cards", str(path))
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


@pytest.mark.parametrize("args,message", [
    (["rules", "capone", "-o", "players=5"], "players=5 is not one of"),
    (["rules", "capone", "-o", "colour=red"], "no option 'colour'"),
    (["rules", "capone", "-o", "teams=maybe"], "true or false"),
    (["rules", "capone", "-o", "players"], "not KEY=VALUE"),
    (["rules", "nosuchgame"], "unknown variant"),
    (["rules", "capone", "--cards", "/no/such/file.toml"], "cannot read"),
])
def test_bad_options_are_one_line_errors(args: list[str], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_option_coercion() -> None:
    variant = get_variant("capone", {"players": "4", "teams": "false", "target": "150"})
    assert variant.players == 4 and variant.sides == ((0,), (1,), (2,), (3,))
    assert variant.target == 150
    with pytest.raises(OptionError):
        get_variant("capone", {"target": 0})


def test_bots_lists_every_bot_with_the_options_it_accepts() -> None:
    from tablerummy.bots import bot_class, bot_names
    from tablerummy.bots.ismcts import ISMCTSBot

    out = run("bots")
    assert out.returncode == 0, out.stderr
    for variant in ("capone", "ripper", "fortune"):
        # the shipped bots (a test may have registered one of its own in this process)
        for name in set(bot_names(variant)) & {"random", "greedy", "ismcts"}:
            assert f"│ {name} " in out.stdout
            assert bot_class(name, variant) is not None
    text = " ".join(out.stdout.split())
    for key in ISMCTSBot.options:
        assert f"{key}=" in text
    # the list printed is the list accepted: an unknown key names the same options
    refused = run("simulate", "capone", "--bots", "ismcts:nosuch=1,greedy", "--games", "1")
    assert refused.returncode == 2
    assert ", ".join(sorted(ISMCTSBot.options)) in refused.stderr


def test_bots_of_one_variant_and_an_unknown_one() -> None:
    ripper = run("bots", "ripper")
    assert ripper.returncode == 0 and "ripper" in ripper.stdout
    assert "capone" not in ripper.stdout
    unknown = run("bots", "poker")
    assert unknown.returncode == 2 and "unknown variant 'poker'" in unknown.stderr
    assert len(unknown.stderr.splitlines()) == 1
