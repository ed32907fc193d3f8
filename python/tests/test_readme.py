"""The README's Python example runs as written."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_example_runs(capsys):
    text = README.read_text()
    section = text[text.index("## From Python") :]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(example, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    # Twenty 4x4 distances, each at most 80 moves.
    distances = [int(word) for word in printed.strip(" []\n").split()]
    assert len(distances) == 20 and all(0 <= d <= 80 for d in distances)
