"""The state protocol: :class:`State`, the immutable position every game's
state class extends, with a default for every hook that a game may leave
alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from ..messages import Message
from .errors import MAX_TEXT_LENGTH, IllegalMoveError, excerpt
from .hooks import NO_LEVEL_SECONDS, AnyMove
from .info import GameInfo, Options, Outcome
from .registry import GAMES, format_header

if TYPE_CHECKING:
    from ..view import View


class State:
    """An immutable game position.  Subclasses implement the methods that
    raise ``NotImplementedError`` and set ``game_id``.

    Equality and hashing go through :meth:`key`, which must cover everything
    the rules depend on (board, side to move, options, repetition history).
    """

    __slots__ = ()
    game_id: ClassVar[str] = ""

    # identity -------------------------------------------------------------
    variant: str
    options: Options

    @property
    def info(self) -> GameInfo:
        return GAMES[self.game_id]

    @property
    def num_players(self) -> int:
        return self.info.variant(self.variant).players

    # the rules --------------------------------------------------------------
    @property
    def to_move(self) -> int:
        raise NotImplementedError

    def legal_moves(self) -> list[AnyMove]:
        """Every legal move; empty exactly when the game is over."""
        raise NotImplementedError

    def play(self, move: AnyMove) -> Self:
        """The position after ``move``, one of ``legal_moves()``; anything
        else (a move of another position, a made-up value) raises
        IllegalMoveError and builds nothing."""
        legal = self.legal_moves()
        try:
            canonical = legal[legal.index(move)]
        except ValueError:
            canonical = None
        if canonical is None or type(canonical) is not type(move):
            outcome = self.outcome()
            if outcome is not None:
                raise IllegalMoveError(Message("error.over", {"result": outcome.message}))
            if isinstance(move, (int, tuple)) and not isinstance(move, bool):
                # the game says why, as for the move's text typed in
                self.parse_move(str(move)[:MAX_TEXT_LENGTH])
            raise IllegalMoveError(Message("error.notLegalHere", {"text": excerpt(move)}))
        return self.play_unchecked(canonical)

    def play_unchecked(self, move: AnyMove) -> Self:
        """The position after ``move``, which must come from this position's
        ``legal_moves()`` (or ``parse_move``): nothing is checked, so this
        is the searches' fast path; anything else may build a corrupt
        position.  Untrusted moves go through :meth:`play`."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def is_over(self) -> bool:
        return self.outcome() is not None

    @property
    def turn_plies(self) -> int:
        """Plies in one player's turn (EL with declared threats: 2, a
        placement and a declaration).  Within a turn ``to_move`` stays the
        same."""
        return 1

    # the computer player's hooks (see SearchHooks) -------------------------
    @property
    def search_kind(self) -> str:
        """``"alphabeta"`` (two players and an ``evaluate``) or ``"mcts"``."""
        return "mcts"

    @property
    def search_speed(self) -> int:
        """Nominal CPython speed: nodes (alpha-beta) or simulations
        (Monte-Carlo) per second; ``gamut.ai.Level`` turns thinking time into
        a budget."""
        return 1_000

    @property
    def level_seconds(self) -> Mapping[str, float]:
        """{level name: seconds} where a level should think longer or
        shorter in this game than the level's own time."""
        return NO_LEVEL_SECONDS

    #: For a game with ``evaluate()``: the score at which the side to move
    #: wins about 73 % of games (a logistic fit to played games, see
    #: ``bench/calibrate_eval.py``); the page words evaluations with it.
    eval_scale: float = 100.0
    #: The least loss of winning chances (0 to 1) that marks a move as an
    #: inaccuracy, a mistake and a blunder in an analysis (:mod:`gamut.analysis`).
    #: Chances come through the game's calibration (``eval_scale``), so the
    #: same thresholds mean the same odds in every game; a game whose
    #: evaluation is noisier may ask for more (``bench/calibrate_marks.py``).
    mark_thresholds: tuple[float, float, float] = (0.10, 0.20, 0.30)

    def evaluate(self) -> int:
        """A heuristic score for the side to move (alpha-beta games only)."""
        raise NotImplementedError

    def move_order_keys(self, moves: list[AnyMove]) -> list[int]:
        """Move-ordering priorities of ``moves`` (higher first)."""
        return [0] * len(moves)

    def search_moves(self) -> list[AnyMove]:
        """The moves worth searching: every legal move unless the game prunes."""
        return self.legal_moves()

    def wins_in_one(self) -> list[AnyMove] | None:
        """The moves with which the side to move wins within its turn, when
        the game can say so cheaply and exactly, else None (the exact
        prover, :mod:`gamut.puzzles.solve`, then tries every move).  A list
        must hold exactly the moves after which the game is over with the
        mover winning, and promise that no other move wins within the turn
        (none leaves a position where every reply ends the game in the
        mover's favour); games whose turn is one ply only."""
        return None

    def zobrist(self) -> int:
        """A hash of the position for transposition tables (kept incrementally)."""
        return hash(self.key())

    # notation ---------------------------------------------------------------
    def move_text(self, move: AnyMove) -> str:
        return str(move)

    def parse_move(self, text: str) -> AnyMove:
        """The legal move written ``text``; raises IllegalMoveError saying why not."""
        raise NotImplementedError

    def play_text(self, text: str) -> Self:
        return self.play_unchecked(self.parse_move(text))

    # words (for screen readers: gamut.words builds on these) -----------------
    def move_message(self, move: AnyMove, after: State) -> Message:
        """``move`` (legal here; ``after`` is the position it leads to) in
        words, as a message (:mod:`gamut.messages`) without a full stop: who
        plays what, from where to where, what it takes or writes ("White b1
        takes d3").  What the move ends or threatens is added by
        :func:`gamut.words.said_move`."""
        who = Message.from_json(self.view()["players"][self.to_move]["said"])
        return Message("move.plays", {"who": who, "move": self.move_text(move)})

    def threat_message(self) -> Message | None:
        """In a position just reached by a move: what the player who moved
        now threatens, as a clause said after the move ("threatens c5 with
        3"), or None when nothing is worth saying."""
        return None

    def score_said(self, view: View) -> Message | None:
        """The game's counts as a message, for a game that says them its own
        way (pieces and groups, threats); None: the view's counters, player
        by player, as :func:`gamut.words.read_said` says them."""
        return None

    def why_illegal(self, clicks: Sequence[str]) -> Message | str:
        """Why a click sequence enters no legal move, as a message
        (:mod:`gamut.messages`: ``str()`` of it is the English sentence); a
        game without messages of its own (a test's toy game) may give a text."""
        return Message("error.overPlain") if self.outcome() is not None else Message("error.illegal")

    # codecs -----------------------------------------------------------------
    def options_json(self) -> dict[str, str]:
        """Options as their text forms (``{"pie": "on"}``)."""
        specs = {o.name: o for o in self.info.options}
        return {k: specs[k].format(v) for k, v in self.options.items()}

    def header(self) -> str:
        return format_header(self.game_id, self.variant, self.options)

    def to_text(self) -> str:
        raise NotImplementedError

    def view(self) -> View:
        """What the page draws (the schema: :mod:`gamut.view`, whose
        ``check_view`` checks it)."""
        raise NotImplementedError

    # value semantics --------------------------------------------------------
    def key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.to_text()!r}>"
