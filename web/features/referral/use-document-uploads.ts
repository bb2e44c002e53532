import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { REFERRAL_DOC_MAX_BYTES } from '@contracts';
import { toastError } from '../../components/ui/toast';
import { processDocument } from './compress-image';
import {
  COPY,
  DOCUMENT_KEYS,
  REFERRAL_DOCUMENTS,
  UPLOAD_RETRIES,
  UPLOAD_RETRY_DELAY_MS,
  checkDocumentFile,
  duplicateMessage,
  isImageFile,
  retryMessage,
  sizeMessage,
  type DocumentKey,
} from './documents';

/** Per-document upload (doc 1 §4): compressing, uploading with percent, error, done. */
export type UploadStatus = 'empty' | 'compressing' | 'uploading' | 'error' | 'done';

export interface UploadState {
  status: UploadStatus;
  fileName?: string;
  fileSize?: number;
  progress: number;
  /** Error text of a failed processing (status error). */
  error?: string;
  /** Why the last picked file was refused; the previous state stays as it was. */
  refused?: string;
  /** Automatic retries used so far. */
  retries: number;
  /** The document's bytes as the form sends them. */
  blob?: Blob;
  outputSize?: number;
}

type States = Record<DocumentKey, UploadState>;

const EMPTY: UploadState = { status: 'empty', progress: 0, retries: 0 };
const initialStates = () => Object.fromEntries(DOCUMENT_KEYS.map((k) => [k, EMPTY])) as States;
const docOf = (key: DocumentKey) => REFERRAL_DOCUMENTS.find((d) => d.key === key)!;

export function useDocumentUploads() {
  const [states, setStates] = useState<States>(initialStates);
  const files = useRef<Partial<Record<DocumentKey, File>>>({});
  const generation = useRef<Record<string, number>>({});
  const timers = useRef<Partial<Record<DocumentKey, ReturnType<typeof setTimeout>>>>({});

  const patch = useCallback((key: DocumentKey, next: Partial<UploadState> | ((s: UploadState) => UploadState)) => {
    setStates((all) => ({ ...all, [key]: typeof next === 'function' ? next(all[key]) : { ...all[key], ...next } }));
  }, []);

  /** Starts a new round for this picker; answers its id so late results of older rounds are dropped. */
  const restart = useCallback((key: DocumentKey) => {
    clearTimeout(timers.current[key]);
    delete timers.current[key];
    generation.current[key] = (generation.current[key] ?? 0) + 1;
    return generation.current[key];
  }, []);

  const run = useCallback(
    async (key: DocumentKey, round: number, retries: number) => {
      const file = files.current[key];
      const current = () => generation.current[key] === round;
      if (!file || !current()) return;
      const doc = docOf(key);
      patch(key, { status: isImageFile(file) ? 'compressing' : 'uploading', progress: 0, error: undefined, refused: undefined, retries, fileName: file.name, fileSize: file.size });
      try {
        const out = await processDocument(file, (stage, progress) => current() && patch(key, { status: stage, progress }));
        if (!current()) return;
        if (out.size > REFERRAL_DOC_MAX_BYTES) {
          patch(key, { status: 'error', error: sizeMessage(doc.label) });
          toastError(sizeMessage(doc.label), COPY.invalidFile);
          return;
        }
        patch(key, { status: 'done', progress: 100, blob: out.blob, outputSize: out.size });
      } catch {
        if (!current()) return;
        if (retries < UPLOAD_RETRIES) {
          const attempt = retries + 1;
          patch(key, { status: 'error', error: retryMessage(attempt), retries: attempt });
          toastError(`${doc.label}: ${retryMessage(attempt)}`, COPY.processingFailed);
          timers.current[key] = setTimeout(() => void run(key, round, attempt), UPLOAD_RETRY_DELAY_MS);
          return;
        }
        patch(key, { status: 'error', error: COPY.maxRetries });
        toastError(COPY.processingErrorText, COPY.processingError);
      }
    },
    [patch],
  );

  /** A file picked for one document: the checks of doc 1 §5, then processing. Answers false when refused. */
  const select = useCallback(
    (key: DocumentKey, file: File): boolean => {
      const doc = docOf(key);
      const problem = checkDocumentFile(doc, file);
      const other = REFERRAL_DOCUMENTS.find((d) => d.key !== key && files.current[d.key]?.name === file.name);
      if (problem || other) {
        const description = problem ?? duplicateMessage(file.name, other!.label);
        toastError(description, problem ? COPY.invalidFile : COPY.duplicateFile);
        patch(key, { refused: description });
        return false;
      }
      files.current[key] = file;
      void run(key, restart(key), 0);
      return true;
    },
    [patch, restart, run],
  );

  const retry = useCallback((key: DocumentKey) => void run(key, restart(key), 0), [restart, run]);

  const remove = useCallback(
    (key: DocumentKey) => {
      restart(key);
      delete files.current[key];
      patch(key, EMPTY);
    },
    [patch, restart],
  );

  /** A server refusal of one document (400 fieldErrors) shown on its picker. */
  const fail = useCallback((key: DocumentKey, message: string) => patch(key, { status: 'error', error: message }), [patch]);

  useEffect(() => {
    const pending = timers.current;
    const rounds = generation.current;
    return () => {
      for (const key of DOCUMENT_KEYS) {
        clearTimeout(pending[key]);
        rounds[key] = (rounds[key] ?? 0) + 1;
      }
    };
  }, []);

  const summary = useMemo(() => {
    const list = DOCUMENT_KEYS.map((k) => states[k]);
    return {
      busy: list.filter((s) => s.status === 'compressing' || s.status === 'uploading').length,
      failed: list.filter((s) => s.status === 'error').length,
      ready: list.filter((s) => s.status === 'done').length,
    };
  }, [states]);

  /** The documents ready to send, by their payload field (doc 1 §3), with the picked file's name. */
  const documents = useCallback(
    () =>
      DOCUMENT_KEYS.flatMap((k) => {
        const s = states[k];
        return s.status === 'done' && s.blob ? [{ field: k, blob: s.blob, fileName: s.fileName ?? k }] : [];
      }),
    [states],
  );

  return { states, summary, select, retry, remove, fail, documents };
}

export type DocumentUploads = ReturnType<typeof useDocumentUploads>;
