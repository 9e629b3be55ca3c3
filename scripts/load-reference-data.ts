import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Loads contextual reference measures (decision 0050) from the official public files into
 * configs/reference-data, replacing the shipped samples of that measure. It does not download:
 * fetch the file from its publisher and give its path.
 *
 *   npx tsx scripts/load-reference-data.ts <preset> <file.csv> [--year 2025]
 *
 * Presets (the publisher's CSV and the columns read):
 *   dfe-ks5      DfE performance tables, england_ks5final.csv: SCHNAME, TALLPPE_ALEV_1618
 *                (A level average point score per entry) → school-performance.json KS5_APS_PER_ENTRY
 *   dfe-ks4      DfE performance tables, england_ks4final.csv: SCHNAME, ATT8SCR → ATTAINMENT_8
 *   acara-icsea  ACARA My School school profile CSV: School Name, ICSEA → ICSEA
 *   polar4       OfS POLAR4 postcode-district lookup: pcd_district, POLAR4_quintile → postcode-areas.json
 *   imd          English IoD 2019 by postcode district (aggregated): pcd_district, IMD_decile → IMD_DECILE
 *   seifa        ABS SEIFA 2021 by postal area: POA_CODE_2021, IRSD_decile → SEIFA_IRSD_DECILE
 * Any other file: --table school-performance|postcode-areas --measure NAME --key COLUMN --value COLUMN --source TEXT.
 * School rows are kept only for schools the SCHOOL list offers (schools.json), matched by name.
 */

interface Preset {
  table: 'school-performance' | 'postcode-areas';
  measure: string;
  key: string;
  value: string;
  source: string;
}

const PRESETS: Record<string, Preset> = {
  'dfe-ks5': {
    table: 'school-performance',
    measure: 'KS5_APS_PER_ENTRY',
    key: 'SCHNAME',
    value: 'TALLPPE_ALEV_1618',
    source: 'DfE school performance tables (A level average point score per entry)',
  },
  'dfe-ks4': {
    table: 'school-performance',
    measure: 'ATTAINMENT_8',
    key: 'SCHNAME',
    value: 'ATT8SCR',
    source: 'DfE school performance tables (Attainment 8)',
  },
  'acara-icsea': {
    table: 'school-performance',
    measure: 'ICSEA',
    key: 'School Name',
    value: 'ICSEA',
    source: 'ACARA My School (ICSEA)',
  },
  polar4: {
    table: 'postcode-areas',
    measure: 'POLAR4_QUINTILE',
    key: 'pcd_district',
    value: 'POLAR4_quintile',
    source: 'OfS POLAR4 quintiles by postcode district',
  },
  imd: {
    table: 'postcode-areas',
    measure: 'IMD_DECILE',
    key: 'pcd_district',
    value: 'IMD_decile',
    source: 'English Indices of Deprivation 2019 (IMD decile)',
  },
  seifa: {
    table: 'postcode-areas',
    measure: 'SEIFA_IRSD_DECILE',
    key: 'POA_CODE_2021',
    value: 'IRSD_decile',
    source: 'ABS SEIFA 2021 (IRSD decile by postal area)',
  },
};

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field || row.length) endRow();
  return rows.filter((r) => r.some((f) => f.trim()));
}

interface Row {
  measure: string;
  value: number;
  year: number;
  source: string;
}

/** The rows of one measure read from a CSV: key and numeric value columns; others and blanks ("SUPP", "NE") skipped. */
export function measureRows(csv: string, preset: Preset, year: number): Array<Row & { key: string }> {
  const [header, ...lines] = parseCsv(csv);
  const keyAt = header?.indexOf(preset.key) ?? -1;
  const valueAt = header?.indexOf(preset.value) ?? -1;
  if (keyAt < 0 || valueAt < 0) throw new Error(`the file has no ${preset.key} or ${preset.value} column`);
  return lines.flatMap((line) => {
    const key = line[keyAt]?.trim() ?? '';
    const value = Number(line[valueAt]);
    return key && line[valueAt]?.trim() && Number.isFinite(value)
      ? [{ key, measure: preset.measure, value, year, source: preset.source }]
      : [];
  });
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

function main(args: string[]): void {
  const [presetName, file] = args;
  const named = presetName ? PRESETS[presetName] : undefined;
  const preset: Preset | undefined =
    named ??
    (presetName === 'custom'
      ? {
          table: option(args, 'table') === 'postcode-areas' ? 'postcode-areas' : 'school-performance',
          measure: option(args, 'measure') ?? '',
          key: option(args, 'key') ?? '',
          value: option(args, 'value') ?? '',
          source: option(args, 'source') ?? '',
        }
      : undefined);
  if (!preset || !file) {
    console.error(
      `usage: load-reference-data.ts <${[...Object.keys(PRESETS), 'custom'].join('|')}> <file.csv> [--year N]`,
    );
    process.exit(2);
  }
  const year = Number(option(args, 'year') ?? new Date().getFullYear());
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'configs', 'reference-data');
  const target = path.join(dir, `${preset.table}.json`);
  const data = JSON.parse(readFileSync(target, 'utf8')) as {
    description: string;
    rows: Array<Record<string, unknown>>;
  };
  let loaded = measureRows(readFileSync(file, 'utf8'), preset, year);
  if (preset.table === 'school-performance') {
    const offered = new Set(
      (JSON.parse(readFileSync(path.join(dir, 'schools.json'), 'utf8')) as Array<{ name: string }>).map((s) => s.name),
    );
    loaded = loaded.filter((row) => offered.has(row.key));
  }
  const keyName = preset.table === 'school-performance' ? 'school' : 'area';
  const kept = data.rows.filter((row) => row.measure !== preset.measure);
  const rows = [...kept, ...loaded.map(({ key, ...row }) => ({ [keyName]: key, ...row }))];
  writeFileSync(target, `${JSON.stringify({ ...data, rows }, null, 2)}\n`);
  console.warn(`${preset.measure}: ${loaded.length} rows written to ${path.relative(process.cwd(), target)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
