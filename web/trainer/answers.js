// The engine's answers about a game that a page asks for once (the
// puzzles' list, the lessons' steps) and keeps from then on.

/** `ask(game)`, a promise of the engine's answer about a game, asked once
 * per game and remembered; a refusal is forgotten (asked again next time). */
export function askedOncePerGame(ask) {
  const answers = new Map();
  return game => {
    if (!answers.has(game)) {
      const answer = ask(game);
      answer.catch(() => answers.delete(game));
      answers.set(game, answer);
    }
    return answers.get(game);
  };
}
