import { Layout } from './layout';

/** A refusal or a failure, said plainly, with the way back. */
export function ProblemPage(props: { status: number; title: string; explanation: string | string[] }) {
  const lines = Array.isArray(props.explanation) ? props.explanation : [props.explanation];
  return (
    <Layout title={props.title}>
      {lines.length === 1 ? (
        <p class="lede">{lines[0]}</p>
      ) : (
        <ul class="errors">
          {lines.map((line) => (
            <li>{line}</li>
          ))}
        </ul>
      )}
      <p>
        <a href="/console">Back to the console</a>
      </p>
    </Layout>
  );
}
