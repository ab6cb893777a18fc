// A comment must stand on its own: a reader of this repository cannot follow a citation of a
// document that is not in it (the spec texts, the chain and architecture designs, an issue
// tracker). State the rule itself, or point to a section of docs/. The same pattern checks the
// markdown docs (test/unit/outside-refs.test.ts).

/** What a citation of a document outside the repository looks like. */
export const OUTSIDE_REF =
  /\b[Ss]pecs? (?:00[0-9x]\b|rules? [0-9])|\b[Dd]ocument 00[0-9]|\b(?:CHAIN|ARCHITECTURE|DEVELOPERS|EXAMPLES)\.md\b|\b[Ii]ssues? #?[0-9]+|\bshared\/(?:spec|CHAIN|ARCHITECTURE|EXAMPLES)|§/;

/** @type {import('eslint').Rule.RuleModule} */
export const noOutsideRefs = {
  meta: {
    type: 'suggestion',
    docs: { description: 'disallow comments that cite documents outside the repository' },
    schema: [],
    messages: {
      outside: 'This comment cites "{{ref}}", a document outside the repository: state the rule here, or point to a section of docs/.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const m = OUTSIDE_REF.exec(comment.value);
          if (m) context.report({ loc: comment.loc, messageId: 'outside', data: { ref: m[0] } });
        }
      },
    };
  },
};

/** The local plugin `eslint.config.js` registers as `local`. */
export default { meta: { name: 'local' }, rules: { 'no-outside-refs': noOutsideRefs } };
