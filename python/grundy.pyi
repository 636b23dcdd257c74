"""Game graphs and Sprague-Grundy values of impartial games."""

import os
from typing import Any, Callable, Hashable, Iterable, Iterator, Optional, Protocol, Sequence, Union

__version__: str

# The value grundy.Result.values holds for a vertex of value ∞(K) (2**32 - 1).
INFINITY: int
# The value grundy.Result.remoteness holds for a draw, which has none (2**32 - 1).
NO_REMOTENESS: int

Heaps = Union[int, Iterable[int]]
Pile = tuple[int, int]
Position = Any

class LimitExceeded(RuntimeError):
    """An exploration passed max_states or max_memory; carries the figures reached."""

    states: int
    edges: int
    levels: int
    seconds: float
    memory_bytes: int

class Tablettes:
    """Tablettes (Babylon): C colours of N tablets; positions are lists of (colour, height)."""

    def __init__(self, colors: int, tablets: Union[int, Sequence[int]], symmetry: bool = False) -> None: ...
    @property
    def colors(self) -> int: ...
    @property
    def tablets(self) -> list[int]: ...
    @property
    def symmetry(self) -> bool: ...
    @property
    def start(self) -> list[Pile]: ...
    def format(self, position: Optional[Iterable[Sequence[int]]] = None) -> str: ...
    def moves(self, position: Optional[Iterable[Sequence[int]]] = None) -> list[list[Pile]]: ...
    def stack(self, position: Iterable[Sequence[int]], i: int, j: int) -> list[list[Pile]]: ...

class Nim:
    """Nim: take any number of tokens from one heap; positions are lists of heap sizes."""

    def __init__(self, heaps: Heaps) -> None: ...
    @property
    def start(self) -> list[int]: ...
    def format(self, position: Optional[Heaps] = None) -> str: ...
    def moves(self, position: Optional[Heaps] = None) -> list[list[int]]: ...

class Moore:
    """Moore's Nim_k: take tokens from at least one and at most k heaps in one move."""

    def __init__(self, k: int, heaps: Heaps) -> None: ...
    @property
    def k(self) -> int: ...
    @property
    def start(self) -> list[int]: ...
    def format(self, position: Optional[Heaps] = None) -> str: ...
    def moves(self, position: Optional[Heaps] = None) -> list[list[int]]: ...

VertexName = Union[str, int]

class Digraph:
    """A token on a vertex of a directed graph (cycles allowed), moved along one edge per turn;
    several tokens make a sum. Positions are vertex names: a str for one token, a list of
    names for several."""

    def __init__(
        self,
        graph: Union[str, bytes, os.PathLike[str], Iterable[tuple[VertexName, VertexName]]],
        start: Union[VertexName, Sequence[VertexName]],
        *,
        undirected: bool = False,
        max_memory: Optional[Union[int, str]] = None,
    ) -> None:
        """graph: a DOT (.dot, .gv), GraphML (.graphml, .xml) or edge-list file, or (u, v) edges.
        undirected: read each edge both ways (an undirected file raises ValueError without it).
        max_memory: bytes, or "800M", the reading may hold, else LimitExceeded (None: 3/4 of
        the memory free). Ctrl-C stops a long reading with KeyboardInterrupt."""
    @property
    def vertices(self) -> list[str]: ...
    @property
    def edge_count(self) -> int: ...
    @property
    def start(self) -> Union[str, list[str]]: ...
    def format(self, position: Optional[Union[VertexName, Sequence[VertexName]]] = None) -> str: ...
    def moves(
        self, position: Optional[Union[VertexName, Sequence[VertexName]]] = None
    ) -> list[Union[str, list[str]]]: ...

class Heap:
    """A heap game under any rule: Heap(rule, *heaps), rule as grundy heap reads it ('0.07',
    'S(1,3,4)', 'allbut(1,3,4)', 'grundy', 'squares'). The one class of heap games: Octal(code,
    heaps) returns one, and a HeapRule given heaps is played as one."""

    def __init__(self, rule: str, *heaps: Heaps) -> None: ...
    @property
    def rule(self) -> str:
        """The rule as grundy heap reads it: '0.07', 'S(1,3,4)', 'grundy', a HeapGame's name."""
    @property
    def code(self) -> Optional[str]:
        """The octal or hexadecimal code, normalised, when the rule is one (None otherwise)."""
    @property
    def start(self) -> list[int]: ...
    def format(self, position: Optional[Heaps] = None) -> str: ...
    def moves(self, position: Optional[Heaps] = None) -> list[list[int]]: ...

def Octal(code: str, heaps: Heaps) -> Heap:
    """An octal (or hexadecimal) game on a sum of heaps: the Heap of that code, its code read as
    grundy graph octal reads it ('.137' is '0.137')."""

class Wythoff:
    """Wythoff's game: take from one pile, or the same number from both; positions are (x, y)
    tuples, the smaller pile first."""

    def __init__(self, x: int, y: int) -> None: ...
    @property
    def start(self) -> tuple[int, int]: ...
    def format(self, position: Optional[tuple[int, int]] = None) -> str: ...
    def moves(self, position: Optional[tuple[int, int]] = None) -> list[tuple[int, int]]: ...

class HeapRule:
    """A heap rule: what one move may leave of one heap. With heaps=[...] it is a game, which
    solve, hint and winning_moves accept (through Heap); without, a rule for the functions
    taking one."""

    @property
    def rule(self) -> str:
        """The rule as grundy heap reads it: 'S(1,3,4)', 'grundy', 'squares', a HeapGame's name."""
    @property
    def heaps(self) -> Optional[list[int]]: ...
    def __call__(self, heaps: Heaps) -> "HeapRule":
        """The same rule as a game on `heaps`."""
    def format(self, position: Optional[Heaps] = None) -> str: ...
    def moves(self, position: Optional[Heaps] = None) -> list[list[int]]: ...

class Subtraction(HeapRule):
    """Remove s tokens from one heap, s in subtraction_set (all_but=True: any s >= 1 not in it)."""

    def __init__(self, subtraction_set: Iterable[int], all_but: bool = False, heaps: Optional[Heaps] = None) -> None: ...
    @property
    def subtraction_set(self) -> list[int]: ...
    @property
    def all_but(self) -> bool: ...

class GrundysGame(HeapRule):
    """Split one heap into two non-empty heaps of different sizes."""

    def __init__(self, heaps: Optional[Heaps] = None) -> None: ...

class TakeASquare(HeapRule):
    """Remove a positive square number of tokens from one heap."""

    def __init__(self, heaps: Optional[Heaps] = None) -> None: ...

class HeapGame(HeapRule):
    """A heap rule of your own: options(h) returns, for a heap of h >= 1 tokens, an iterable of
    options, each a tuple of the heaps it leaves (each smaller than h; 0 for none). It is called
    once per heap size, with the GIL held; what it raises comes out of the call that needed it."""

    def __init__(
        self, options: Callable[[int], Iterable[Union[int, Iterable[int]]]], heaps: Optional[Heaps] = None,
        name: Optional[str] = None
    ) -> None: ...
    @property
    def options(self) -> Callable[[int], Iterable[Union[int, Iterable[int]]]]: ...
    @property
    def name(self) -> str: ...

HeapRuleLike = Union[str, HeapRule]

BuiltinGame = Union[Tablettes, Nim, Moore, Digraph, Heap, Wythoff, HeapRule]

# What Result.value(v) returns: an int, or ("inf", K) for ∞(K).
Value = Union[int, tuple[str, list[int]]]

class PythonGame(Protocol):
    """A game written in Python: successors(state) (or successors_many(states)) at least;
    canonical(state), format(state) and graded = True are optional. graded = True is checked
    as the graph is built: a move that does not go exactly one level down raises ValueError."""

    def successors(self, state: Hashable) -> Iterable[Hashable]: ...

class Result:
    """A solved game graph; vertex 0 is the start position."""

    @property
    def vertices(self) -> int: ...
    @property
    def edges(self) -> int: ...
    @property
    def terminals(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def grundy(self) -> Optional[int]:
        """The start's value; None when it is ∞(K) (see infinite_set)."""
    @property
    def infinite_set(self) -> Optional[list[int]]:
        """K when the start's value is ∞(K), else None."""
    @property
    def outcome(self) -> str:
        """'P', 'N', or 'D' (a draw, games with cycles)."""
    @property
    def infinite(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def max_value(self) -> int: ...
    @property
    def value_counts(self) -> list[int]: ...
    @property
    def seconds(self) -> float: ...
    @property
    def explore_seconds(self) -> float: ...
    @property
    def label_seconds(self) -> float: ...
    @property
    def user_seconds(self) -> float: ...
    @property
    def classes(self) -> Optional[int]: ...
    @property
    def class_edges(self) -> Optional[int]: ...
    @property
    def values(self) -> Any:
        """A read-only numpy.ndarray of uint32 when NumPy is installed, else a list of int;
        grundy.INFINITY for a vertex of value ∞(K)."""
    def value(self, v: int) -> Value: ...
    @property
    def remoteness(self) -> Any:
        """Solved with remoteness=True: every vertex's remoteness (moves to the end when the
        winner hurries and the loser holds out), as values is given; grundy.NO_REMOTENESS for a
        draw. ValueError otherwise."""
    def remoteness_of(self, v: int) -> Optional[int]:
        """Vertex v's remoteness (solved with remoteness=True); None for a draw."""
    def misere_form(self, v: int = 0) -> MisereForm:
        """Vertex v's misère simplest form (the start's by default); ValueError with cycles."""
    def outcome_of(self, v: int) -> str: ...
    def state(self, v: int) -> Position: ...
    def states(self) -> list[Position]: ...
    def format(self, v: int) -> str: ...
    def successors(self, v: int) -> list[int]: ...
    def to_dot(self, path: Optional[str] = None) -> Optional[str]: ...
    def to_networkx(self) -> Any:
        """A networkx.DiGraph: nodes are vertex ids with the GraphML export's attributes
        state, value, grundy (absent for ∞(K)), infinite_set and outcome (str or int), and
        remoteness (absent for a draw) when solved with remoteness=True."""
    def export(self, path: Union[str, os.PathLike[str]]) -> None:
        """.json, .graphml or .csv: the labelled graph, as grundy graph --export writes it;
        .dot/.gv, .svg/.png: the graph drawn."""
    def statistics_json(self) -> str:
        """The statistics as grundy graph --format json prints them."""
    def _repr_svg_(self) -> Optional[str]: ...
    def __len__(self) -> int: ...

class Hint:
    """Who wins from a position, and the winning moves."""

    @property
    def position(self) -> Position: ...
    @property
    def outcome(self) -> str: ...
    @property
    def misere(self) -> bool: ...
    @property
    def moves(self) -> list[Position]:
        """The positions the winning moves lead to: the first max_moves of them."""
    @property
    def descriptions(self) -> list[str]: ...
    @property
    def winning_move_count(self) -> int:
        """How many winning moves there are, those max_moves left out of moves included."""
    @property
    def drawing_moves(self) -> list[Position]:
        """In a draw ('D'): the positions the moves that keep the draw lead to."""
    @property
    def drawing_descriptions(self) -> list[str]: ...
    @property
    def move(self) -> Optional[Position]: ...
    @property
    def remoteness_known(self) -> bool:
        """True where the hint comes from the game graph; False for a game answered by a rule of
        its own (Nim, heap and octal games, Wythoff), whose remoteness needs the graph."""
    @property
    def remoteness(self) -> Optional[int]:
        """Moves to the end for the player to move: odd when they win, even when they lose;
        None for a draw or when remoteness_known is False."""
    @property
    def move_remoteness(self) -> list[Optional[int]]:
        """The remoteness after each move of moves (listed fastest win first)."""

class HeapSequence:
    """G(0), G(1), ... of a heap game's single heaps, and their periodicity: ordinary, or
    arithmetic (G(n + period) = G(n) + saltus). What sequence and octal_sequence return."""

    @property
    def rule(self) -> str: ...
    @property
    def code(self) -> Optional[str]:
        """The octal or hexadecimal code, normalised, when the rule is one (None otherwise)."""
    @property
    def values(self) -> Any:
        """A numpy.ndarray of uint32 when NumPy is installed, else a list of int."""
    @property
    def preperiod(self) -> Optional[int]: ...
    @property
    def period(self) -> Optional[int]: ...
    @property
    def saltus(self) -> int:
        """0 for ordinary periodicity."""
    @property
    def proven(self) -> bool:
        """True when a theorem about the rule's kind (octal codes, subtraction and all-but
        sets) proves the periodicity for every heap."""
    @property
    def periodicity_checked(self) -> bool:
        """False when a stop came before the periodicity was looked for: period None then says
        nothing of the values (a run stopped by Ctrl-C raises KeyboardInterrupt instead)."""
    @property
    def values_to_prove(self) -> Optional[int]:
        """The values the theorem needs (None when no theorem applies)."""
    @property
    def max_value(self) -> int: ...
    @property
    def method(self) -> str:
        """The engine that ran: 'naive' or 'sparse' for octal codes, 'rare/common', ... for the
        others."""
    @property
    def seconds(self) -> float: ...
    @property
    def rare_count(self) -> int: ...
    @property
    def rare_mask(self) -> int:
        """The sparse engine's split of an octal code's values (0 otherwise)."""
    def __len__(self) -> int:
        """The number of values computed, G(0..len-1)."""
    def __iter__(self) -> Iterator[int]:
        """The values computed (len(self) of them): a proven sequence has no end, and
        self[n] gives any larger heap."""
    def __getitem__(self, n: int) -> int:
        """G(n) for n >= 0 (IndexError for a negative n), any n once the periodicity is
        proven."""

def sequence(rule: Any, max: Optional[int] = None, *, keep_going: bool = False) -> HeapSequence:
    """G(0), G(1), ... of a heap game until its periodicity is proven. rule: an octal code
    ('0.07'), 'S(1,3,4)', 'allbut(1,2)', 'grundy', 'squares', or a rule object (Subtraction,
    GrundysGame, TakeASquare, HeapGame). max: the most values (default 10,000,000 for octal
    codes, 1,000,000 for the others). Ctrl-C raises KeyboardInterrupt."""

def solve(
    game: Union[BuiltinGame, PythonGame],
    start: Optional[Hashable] = None,
    *,
    threads: int = 0,
    max_states: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
    misere: bool = False,
    remoteness: bool = False,
) -> Result: ...
def winning_moves(
    game: Union[BuiltinGame, PythonGame],
    position: Optional[Position] = None,
    *,
    misere: bool = False,
    max_states: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> list[Position]: ...
def hint(
    game: Union[BuiltinGame, PythonGame],
    position: Optional[Position] = None,
    *,
    misere: bool = False,
    max_states: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
    max_moves: Optional[int] = 100,
) -> Hint: ...
def octal_sequence(
    code: Optional[str] = None,
    *,
    max: Optional[int] = None,
    method: str = "auto",
    keep_going: bool = False,
    checkpoint: Optional[str] = None,
    checkpoint_every: float = 300.0,
    resume: Optional[str] = None,
    threads: int = 0,
) -> HeapSequence:
    """G(0), G(1), ... of an octal code until its periodicity is proven, as sequence(code), with
    the octal engines' options: method, checkpoints, resumed runs, threads."""
def octal_value(code: str, n: int) -> int:
    """G(n): any n >= 0 from a proven period (as octal_sequence(code)[n]), otherwise computed
    for n up to 2**32 - 2 (ValueError beyond). Ctrl-C raises KeyboardInterrupt."""

class MisereQuotient:
    """The misère quotient Q_n of a heap game on heaps 1..n (Plambeck and Siegel). Elements are
    named as words in the generators: '1', 'a', 'b^2 c'."""

    @property
    def rule(self) -> str: ...
    @property
    def max_heap(self) -> int: ...
    @property
    def order(self) -> int: ...
    @property
    def p_portion(self) -> list[str]:
        """The elements whose sums are misère P-positions."""
    def element(self, heap: int) -> str:
        """The element of a heap of `heap` tokens, 0 <= heap <= max_heap (any size when
        decides_every_heap)."""
    def outcome(self, heaps: Iterable[int]) -> str:
        """'P' or 'N': the misère outcome of a sum of heaps, each at most max_heap (any size when
        decides_every_heap)."""
    @property
    def presentation(self) -> str:
        """'<a, b, c | a^2 = 1, b^3 = b, ...>'"""
    @property
    def generators(self) -> list[tuple[str, int]]:
        """(name, heap) for each generator."""
    @property
    def relations(self) -> list[tuple[str, str]]:
        """(left, right) for each relation."""
    @property
    def decides_every_heap(self) -> bool: ...
    @property
    def period(self) -> int:
        """The period the periodicity test proved (0 without it): heap h past max_heap has the
        element of heap h - period."""
    def save(self, path: Union[str, os.PathLike[str]]) -> None: ...
    @staticmethod
    def load(
        path: Union[str, os.PathLike[str]], *, max_memory: Optional[Union[int, str]] = None
    ) -> MisereQuotient:
        """The quotient a saved file holds, checked against its rule (ValueError if false)."""

class Genus:
    """Conway's genus g^{γ0 γ1 ...} of a heap."""

    @property
    def normal(self) -> int: ...
    @property
    def gammas(self) -> list[int]: ...
    def gamma(self, k: int) -> int:
        """γk for any k >= 0: the misère value of the heap plus k heaps *2."""
    @property
    def symbol(self) -> str:
        """As in '1^031'."""
    @property
    def of_nim_heap(self) -> bool: ...
    @property
    def tame(self) -> bool:
        """Every position play from this heap reaches has the genus of a position of Nim."""
    @property
    def heaps_tame(self) -> bool:
        """Every heap from 1 up to this one is tame."""

def misere_quotient(
    rule: Union[str, Any],
    max_heap: int,
    *,
    max_order: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> MisereQuotient:
    """Q_max_heap of a heap rule ('0.07', 'S(1,3,4)', 'allbut(1,3)', 'grundy', 'squares').
    grundy.LimitExceeded past max_order or max_memory; Ctrl-C raises KeyboardInterrupt."""
def genus(rule: Union[str, Any], heap: Union[int, Iterable[int]], *, max_memory: Optional[Union[int, str]] = None) -> Genus: ...
def genera(rule: Union[str, Any], max_heap: int, *, max_memory: Optional[Union[int, str]] = None) -> list[Genus]:
    """The genus of each heap 0..max_heap."""

class MisereForm:
    """A misère simplest form (Conway): equal forms are interchangeable in every misère sum."""

    @staticmethod
    def nim(n: int) -> MisereForm: ...
    @property
    def options(self) -> list[MisereForm]: ...
    @property
    def outcome(self) -> str: ...
    @property
    def birthday(self) -> int: ...
    @property
    def nim_heap(self) -> Optional[int]: ...
    def text(self, max_length: int = 4000) -> str: ...
    def __add__(self, other: MisereForm) -> MisereForm: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def misere_form(game: Union[str, Any], heaps: Optional[Union[int, Iterable[int]]] = None, *, max_memory: Optional[Union[int, str]] = None) -> MisereForm: ...
def misere_forms_born_by(day: int) -> list[MisereForm]: ...
def misere_games_born_by(day: int) -> int: ...

class Compound:
    """A compound of positions decided (grundy.compound)."""

    @property
    def kind(self) -> str:
        """'conjunctive', 'continued-conjunctive' or 'selective'."""
    @property
    def misere(self) -> bool: ...
    @property
    def outcome(self) -> str:
        """'N' (the player to move wins), 'P' (loses) or 'D' (a draw)."""
    @property
    def remoteness(self) -> Optional[int]:
        """A conjunctive compound's remoteness, the least of its components'; None otherwise."""
    @property
    def suspense(self) -> Optional[int]:
        """A continued conjunctive compound's suspense number, the largest of its components'."""
    @property
    def positions(self) -> list[str]: ...
    @property
    def move(self) -> Optional[list[Optional[str]]]:
        """Per component, the position the best move leads to (None: left alone); None when the
        compound is over."""
    @property
    def component_outcomes(self) -> list[str]: ...
    @property
    def component_remoteness(self) -> list[Optional[int]]: ...
    @property
    def component_suspense(self) -> list[Optional[int]]: ...
    def to_json(self) -> str: ...

def compound(
    kind: str,
    games: Union[BuiltinGame, Sequence[BuiltinGame]],
    *,
    misere: bool = False,
    max_states: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> Compound:
    """The conjunctive ('conjunctive'), continued conjunctive ('continued-conjunctive') or
    selective ('selective') compound of a list of built-in games, one component each, or of
    the heaps or tokens of one game. ValueError for an unknown kind or a compound a component's
    cycles leave undefined; TypeError for a component that is not a built-in game. Ctrl-C
    raises KeyboardInterrupt."""
