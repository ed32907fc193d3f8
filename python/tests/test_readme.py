"""The README's Python example runs as written."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "readme, heading, boards",
    [(ROOT / "README.md", "## From Python", 20), (ROOT / "python" / "README.md", "#", 10)],
)
def test_the_readme_example_runs(capsys, readme, heading, boards):
    text = readme.read_text()
    section = text[text.index(heading) :]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(example, str(readme), "exec"), {})
    printed = capsys.readouterr().out
    # The 4x4 distances printed, each at most 80 moves.
    distances = [int(word) for word in printed.strip(" []\n").split()]
    assert len(distances) == boards and all(0 <= d <= 80 for d in distances)
