// `contentEncoding: base64` strings (optionally with `contentMediaType`) take a file: its
// bytes are read in the browser and put in the field as base64. Any other string field gets
// RJSF's own text widget.
import { getTemplate, getUiOptions, type WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { formatCount } from '../../lib/count.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

const MAX_FILE_BYTES = 16 * 1024 * 1024;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Whether a file's type fits the declared media type ("image/*" style ranges included). */
export function mediaTypeFits(declared: string, actual: string): boolean {
  const [type, subtype] = declared.toLowerCase().split(';')[0]?.trim().split('/') ?? [];
  const [actualType, actualSubtype] = actual.toLowerCase().split('/');
  return type === actualType && (subtype === '*' || subtype === actualSubtype);
}

function Base64FileWidget({ id, label, schema, value, onChange, disabled, readonly, required }: WidgetProps) {
  const [picked, setPicked] = useState<{ name: string; bytes: number; type: string }>();
  const [problem, setProblem] = useState<string>();
  const mediaType = typeof schema.contentMediaType === 'string' ? schema.contentMediaType : undefined;
  const current = typeof value === 'string' ? value : '';
  return (
    <div className="flex flex-col gap-1">
      <input
        id={id}
        type="file"
        aria-label={label}
        aria-required={required || undefined}
        accept={mediaType}
        disabled={disabled || readonly}
        className="text-xs"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          if (file.size > MAX_FILE_BYTES) {
            setProblem(`${file.name} is ${size(file.size)}; files up to ${size(MAX_FILE_BYTES)} are sent as arguments.`);
            return;
          }
          void file.arrayBuffer().then(
            (buffer) => {
              setPicked({ name: file.name, bytes: file.size, type: file.type });
              setProblem(
                mediaType && file.type && !mediaTypeFits(mediaType, file.type)
                  ? `The tool expects ${mediaType}; ${file.name} is ${file.type}. It will be sent anyway.`
                  : undefined,
              );
              onChange(toBase64(new Uint8Array(buffer)));
            },
            (error: unknown) => setProblem(`${file.name} could not be read (${errorMessage(error)}); nothing was attached.`),
          );
        }}
      />
      <p className="text-xs text-muted">
        {current
          ? `${picked ? `${picked.name} · ${size(picked.bytes)}${picked.type ? ` · ${picked.type}` : ''} → ` : ''}${formatCount(current.length)} base64 characters`
          : `Choose a file${mediaType ? ` (${mediaType})` : ''}; it is sent base64-encoded.`}
      </p>
      {problem ? <p className="text-xs text-warn">{problem}</p> : null}
      {current ? (
        <Button
          variant="ghost"
          className="self-start px-2 py-0.5 text-xs"
          onClick={() => {
            setPicked(undefined);
            setProblem(undefined);
            onChange(undefined);
          }}
        >
          Clear {label}
        </Button>
      ) : null}
    </div>
  );
}

export function TextOrFileWidget(props: WidgetProps) {
  if (props.schema.contentEncoding === 'base64') return <Base64FileWidget {...props} />;
  // What RJSF's own TextWidget renders.
  const BaseInput = getTemplate('BaseInputTemplate', props.registry, getUiOptions(props.uiSchema));
  const extra = (props.registry.formContext as { fieldExtra?: (name: string) => ReactNode } | undefined)?.fieldExtra;
  return (
    <>
      {/* eslint-disable-next-line react-hooks/static-components -- RJSF's registry hands back a stable template component. */}
      <BaseInput {...props} />
      {extra?.(props.name)}
    </>
  );
}
