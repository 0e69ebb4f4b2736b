// A field's value as text, for the read-only note (after submit, for reviewers, organization readers and notes
// of older definition versions): no inputs.
import { NOTE_OPTION_LISTS, readingTypeOf, type NoteField } from '@carelane/shared-domain';
import { visibleIn } from './visibility';
import { diagnosesOf } from './DiagnosesField';
import { isEmptyValue, textOfSimple } from './form-values';
import { goalsOf } from './GoalBuilder';
import { scoreResult } from './ScoreDisplay';
import { signatureOf, signatureText } from './SignatureField';
import { rowsOf } from './TableField';
import { readingsOf } from './VitalsField';

export const NOT_ANSWERED = 'Not answered';

const optionLabel = (list: string | undefined, value: string | undefined) =>
  value ? ((list && NOTE_OPTION_LISTS[list]?.find((option) => option.value === value)?.label) ?? value) : '';

export function ReadOnlyValue({ field, value }: { field: NoteField; value: unknown }) {
  if (field.kind === 'score') return <>{scoreResult(value)}</>;
  if (isEmptyValue(value)) return <span className="note-form-unanswered">{NOT_ANSWERED}</span>;
  switch (field.kind) {
    case 'signature': {
      const signature = signatureOf(value);
      return <>{signature ? signatureText(signature) : NOT_ANSWERED}</>;
    }
    case 'table': {
      const rows = rowsOf(value);
      return (
        <div className="note-form-table-scroll">
          <table className="note-form-table">
            <caption style={{ textAlign: 'left' }}>{field.label}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                {field.columns.map((column) => (
                  <th scope="col" key={column.id}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <td>{index + 1}</td>
                  {field.columns.map((column) => (
                    <td key={column.id}>
                      {visibleIn(column, row) ? textOfSimple(column, row[column.id]) : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'vitals': {
      const readings = readingsOf(value);
      return (
        <ul className="note-form-list">
          {field.readingTypes
            .filter((code) => readings[code] && !isEmptyValue(readings[code]))
            .map((code) => {
              const type = readingTypeOf(code);
              const reading = readings[code]!;
              const details = [
                optionLabel(type?.siteList, reading.site),
                optionLabel(type?.positionList, reading.position),
              ].filter(Boolean);
              return (
                <li key={code}>
                  {type?.label ?? code}: {reading.value ?? '—'}
                  {type ? ` ${type.unit}` : ''}
                  {details.length ? ` (${details.join(', ')})` : ''}
                </li>
              );
            })}
        </ul>
      );
    }
    case 'goals':
      return (
        <ol className="note-form-list">
          {goalsOf(value).map((goal, index) => (
            <li key={index}>{goal.text}</li>
          ))}
        </ol>
      );
    case 'diagnoses': {
      const diagnoses = diagnosesOf(value);
      return (
        <div>
          <div>Primary: {diagnoses.primary ?? NOT_ANSWERED}</div>
          {diagnoses.others.length ? <div>Others: {diagnoses.others.join(', ')}</div> : null}
        </div>
      );
    }
    default:
      return <span style={{ whiteSpace: 'pre-wrap' }}>{textOfSimple(field, value)}</span>;
  }
}
