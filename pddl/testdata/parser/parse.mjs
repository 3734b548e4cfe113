// Parses PDDL files with pddl-workspace and prints one JSON object: per
// file, the problems the parser reports (errors, warnings and the tokens
// it could not place) and what it read, for comparison with formplan's own
// reader. A file's kind follows its name: *.domain.pddl, *.problem.pddl or
// *.plan.
//
// Usage: node parse.mjs FILE...
import pw from 'pddl-workspace';
import { readFileSync } from 'node:fs';

const { PddlSyntaxTreeBuilder, PddlDomainParser, PddlProblemParser, PddlPlanParser } = pw.parser;

function problemsOf(info) {
  return info.getParsingProblems().map((p) => ({
    severity: p.severity,
    message: p.problem,
    line: p.range.start.line + 1,
  }));
}

function offending(text) {
  return new PddlSyntaxTreeBuilder(text).getOffendingTokens().map((t) => ({
    severity: 'error',
    message: `unexpected token ${t.toString()}`,
  }));
}

function domain(text) {
  const d = PddlDomainParser.parseText(text);
  if (!d) {
    return { problems: [{ severity: 'error', message: 'not recognised as a domain' }] };
  }
  const types = {};
  for (const t of d.getTypes()) {
    types[t] = d.getTypeInheritance().getVerticesWithEdgesFrom(t) ?? [];
  }
  return {
    problems: problemsOf(d),
    name: d.name,
    requirements: d.getRequirements(),
    types,
    constants: d.getConstants().toJSON(),
    predicates: d.getPredicates().map((p) => p.getFullName()),
    derived: d.getDerived().map((p) => p.getFullName()),
    actions: d.getActions().map((a) => ({
      name: a.name,
      parameters: a.parameters.map((p) => p.type),
      precondition: a.preCondition ? a.preCondition.getText() : '',
      effect: a.effect ? a.effect.getText() : '',
    })),
  };
}

async function problem(text) {
  const p = await PddlProblemParser.parseText(text);
  if (!p) {
    return { problems: [{ severity: 'error', message: 'not recognised as a problem' }] };
  }
  const objects = {};
  for (const [type, v] of Object.entries(p.getObjectsTypeMap().toJSON())) {
    objects[type] = v.objects;
  }
  return {
    problems: problemsOf(p),
    name: p.name,
    domain: p.domainName,
    objects,
    init: p.getInits().map((i) => i.toPddlString()),
  };
}

function plan(text) {
  const p = new PddlPlanParser().parseText(text, 0.001);
  return {
    problems: problemsOf(p),
    steps: p.getSteps().map((s) => s.fullActionName),
  };
}

const out = {};
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  let report;
  if (file.endsWith('.domain.pddl')) {
    report = domain(text);
  } else if (file.endsWith('.problem.pddl')) {
    report = await problem(text);
  } else if (file.endsWith('.plan')) {
    report = plan(text);
  } else {
    report = { problems: [{ severity: 'error', message: 'unknown kind of file' }] };
  }
  if (!file.endsWith('.plan')) {
    report.problems = offending(text).concat(report.problems);
  }
  out[file] = report;
}
process.stdout.write(JSON.stringify(out));
