"""An independent slow reference for the tests: breadth-first search over
every position of a small board, in plain Python, and move application.

Nothing here calls the package: a position is a tuple of tiles in
row-major order, 0 the blank; moves are written as the direction the
blank travels (U, D, L, R).
"""

from collections import deque

DELTAS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def moved(position, rows, cols, letter):
    """The position after the blank moves `letter`, or None off the board."""
    blank = position.index(0)
    row, col = divmod(blank, cols)
    d_row, d_col = DELTAS[letter]
    row, col = row + d_row, col + d_col
    if not (0 <= row < rows and 0 <= col < cols):
        return None
    other = row * cols + col
    cells = list(position)
    cells[blank], cells[other] = cells[other], cells[blank]
    return tuple(cells)


def replay(position, rows, cols, letters):
    """The position after every move of `letters`; None if one leaves the board."""
    for letter in letters:
        position = moved(position, rows, cols, letter)
        if position is None:
            return None
    return position


def bfs(rows, cols, target):
    """Distance and number of shortest paths to `target` of every position
    that reaches it: {position: (distance, paths)}."""
    target = tuple(target)
    found = {target: (0, 1)}
    frontier = deque([target])
    while frontier:
        position = frontier.popleft()
        distance, paths = found[position]
        for letter in "UDLR":
            neighbour = moved(position, rows, cols, letter)
            if neighbour is None:
                continue
            seen = found.get(neighbour)
            if seen is None:
                found[neighbour] = (distance + 1, paths)
                frontier.append(neighbour)
            elif seen[0] == distance + 1:
                found[neighbour] = (seen[0], seen[1] + paths)
    return found


def slid(position, rows, cols, letter, tiles):
    """The position after the blank travels `tiles` cells `letter`, or None."""
    for _ in range(tiles):
        position = moved(position, rows, cols, letter)
        if position is None:
            return None
    return position


def multi_tile_bfs(rows, cols, target):
    """As `bfs`, one move a slide of any number of tiles of the blank's row
    or column: {position: (distance, paths)}."""
    target = tuple(target)
    found = {target: (0, 1)}
    frontier = deque([target])
    while frontier:
        position = frontier.popleft()
        distance, paths = found[position]
        for letter in "UDLR":
            for tiles in range(1, max(rows, cols)):
                neighbour = slid(position, rows, cols, letter, tiles)
                if neighbour is None:
                    break
                seen = found.get(neighbour)
                if seen is None:
                    found[neighbour] = (distance + 1, paths)
                    frontier.append(neighbour)
                elif seen[0] == distance + 1:
                    found[neighbour] = (seen[0], seen[1] + paths)
    return found


def to_blank_notation(tile_letters):
    """Tile-notation letters rewritten as the blank's directions."""
    return "".join(OPPOSITE[letter] for letter in tile_letters)


def gap_replay(rows, cards):
    """Plays Gap: `rows` four rows of seven codes dealt right of an empty
    column; the aces move to column 0 of their suit's row; then each card of
    `cards` moves into the gap right of its predecessor. The final grid
    (4 rows of 8, None a gap), or None at an illegal move."""
    grid = [[None] + list(row) for row in rows]
    for r in range(4):
        for c in range(1, 8):
            card = grid[r][c]
            if card % 10 == 1:
                grid[r][c] = None
                grid[card // 10 - 1][0] = card
    where = {grid[r][c]: (r, c) for r in range(4) for c in range(8) if grid[r][c]}
    for code in cards:
        code = int(code)
        if code % 10 == 1 or code - 1 not in where:
            return None
        r, c = where[code - 1]
        if c == 7 or grid[r][c + 1] is not None:
            return None
        old_r, old_c = where[code]
        grid[old_r][old_c] = None
        grid[r][c + 1] = code
        where[code] = (r, c + 1)
    return grid


GAP_GOAL = [[10 * (r + 1) + v for v in range(1, 8)] + [None] for r in range(4)]
