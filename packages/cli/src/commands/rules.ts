import { parseArgs } from 'node:util';
import { ruleCatalogue } from '@espectro/methodology';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand } from '../io.js';

const usage = `Usage: espectro rules [--id RULE-ID] [--json]

Prints the rule catalogue of @espectro/methodology: every rule ID with its title, parameters and
defaults, and whether it is a documented [choice]. --id shows one rule with its full statement.`;

/** `espectro rules`: the machine-readable rule catalogue, as a table or JSON. */
export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'List the methodology rules with their parameters and defaults',
  usage,
  async run(args, io) {
    const { values } = parseArgs({
      args,
      options: { json: { type: 'boolean' }, id: { type: 'string' } },
      strict: true,
    });
    const rules = values.id ? ruleCatalogue.rules.filter((rule) => rule.id === values.id) : ruleCatalogue.rules;
    if (values.id && rules.length === 0)
      throw new UsageError(`no rule with ID "${values.id}" (see \`espectro rules\`)`);
    if (values.json) {
      io.stdout(`${JSON.stringify({ methodologyVersion: ruleCatalogue.methodologyVersion, rules }, null, 2)}\n`);
      return ExitCode.ok;
    }
    io.stdout(`Methodology ${ruleCatalogue.methodologyVersion} — ${rules.length} rules\n\n`);
    if (values.id) {
      const rule = rules[0]!;
      io.stdout(
        `${rule.id} — ${rule.title}${rule.choice ? ' [choice]' : ''}\nSection: ${rule.section}; seed: ${rule.seed}\n`,
      );
      io.stdout(`Implemented by: ${rule.implementedBy.join(', ') || '—'}\n\n${rule.statement}\n`);
      for (const parameter of rule.parameters) {
        io.stdout(`  ${parameter.name} = ${JSON.stringify(parameter.default)} — ${parameter.description}\n`);
      }
      return ExitCode.ok;
    }
    const rows = rules.map((rule) => [
      rule.id,
      rule.title,
      rule.parameters.map((parameter) => `${parameter.name}=${JSON.stringify(parameter.default)}`).join(', '),
      rule.choice ? 'choice' : '',
    ]);
    io.stdout(`${formatTable(['id', 'title', 'parameters (defaults)', ''], rows)}\n`);
    return ExitCode.ok;
  },
};
