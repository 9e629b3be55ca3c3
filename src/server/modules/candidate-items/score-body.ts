import { isDeepStrictEqual } from 'node:util';
import type { ScoreSave, StageScoreSave } from '#schemas/candidate-items';
import { badRequest } from '../../lib/http-error';
import { SentTwice } from '../../lib/sent-twice';
import { INVALID_REQUEST_MESSAGE } from '../../plugins/errors';
import { SCORES_PROBLEM } from './scores.service';

/**
 * One stage's values from PUT …/score (decision 0020): ours (`stageId`, `scores`) and the spec's
 * `score` (a §3 Score or a list of them) read together. Every stageId sent must be the same and a
 * metric sent twice must have the same value, else a 400 names the field that disagrees.
 */
export function stageScoreSaveOf(body: ScoreSave): StageScoreSave {
  const entries = body.score === undefined ? [] : Array.isArray(body.score) ? body.score : [body.score];
  const at = (i: number) => (Array.isArray(body.score) ? `score.${i}` : 'score');
  const twice = new SentTwice();
  let stageId = body.stageId;
  let stageField = 'stageId';
  const scores = new Map(Object.entries(body.scores ?? {}));
  entries.forEach((entry, i) => {
    if (stageId === undefined) [stageId, stageField] = [entry.stageId, `${at(i)}.stageId`];
    else twice.pick({ name: stageField, value: stageId }, `${at(i)}.stageId`, entry.stageId);
    if (scores.has(entry.key) && !isDeepStrictEqual(scores.get(entry.key), entry.value))
      twice.problems.push({ field: `${at(i)}.value`, message: `must be the same as scores.${entry.key} or left out` });
    else scores.set(entry.key, entry.value);
  });
  // Neither shape's values, or no stage: what the schema said when ours was the only shape.
  const missing = [
    ...(stageId === undefined ? ['stageId'] : []),
    ...(body.scores === undefined && body.score === undefined ? ['scores'] : []),
  ];
  if (missing.length)
    throw badRequest(
      INVALID_REQUEST_MESSAGE,
      missing.map((field) => ({ field, message: 'is required' })),
    );
  if (twice.problems.length || stageId === undefined) throw badRequest(SCORES_PROBLEM, twice.problems);
  return {
    stageId,
    scores: Object.fromEntries(scores),
    ...(body.totalScore === undefined ? {} : { totalScore: body.totalScore }),
  };
}
