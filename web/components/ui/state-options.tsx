import { GST_STATES } from '@contracts';

/** The states and union territories of India as <option>s of a <select>, by name (the value the server checks). */
export function StateOptions({ blank = 'Choose a state' }: { blank?: string }) {
  return (
    <>
      <option value="">{blank}</option>
      {GST_STATES.map(([code, name]) => (
        <option key={code} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
