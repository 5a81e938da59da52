import { useCallback, useEffect, useRef, useState } from "react";
import type { QuickOrderUploadResult, UploadOption } from "../../../../../kernel/quick-order";
import { http } from "../../../../lib/http";
import { useRoutePath } from "../../../../ui/use-route-path";
import { isUploadableCsv, readUploadAnswer } from "./csv-upload";

/**
 * The upload's states (spec §4): nothing chosen, a file chosen, uploading, then the result or a failure.
 * A failure's `message` is the server's, or null for the generic text; its `file` is null when the
 * chosen file was refused before sending, so there is nothing to upload until another is chosen.
 */
export type UploadState =
  | { step: "idle" }
  | { step: "chosen"; file: File }
  | { step: "uploading"; file: File }
  | { step: "success"; file: File; result: QuickOrderUploadResult }
  | { step: "failed"; file: File | null; message: string | null };

/** The upload dialog's state machine and its one call: POST multipart `file` and `option` (spec §7). */
export function useCsvUpload() {
  const path = useRoutePath();
  const [state, setState] = useState<UploadState>({ step: "idle" });
  const running = useRef<AbortController | null>(null);
  // Closing the dialog unmounts it: an upload still running is dropped rather than answering into nothing.
  useEffect(() => () => running.current?.abort(), []);

  const choose = useCallback((file: File | null) => {
    running.current?.abort();
    if (!file) setState({ step: "idle" });
    else if (isUploadableCsv(file)) setState({ step: "chosen", file });
    else setState({ step: "failed", file: null, message: null });
  }, []);

  const upload = useCallback(
    async (file: File, option: UploadOption) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ step: "uploading", file });
      const body = new FormData();
      body.set("file", file);
      body.set("option", option);
      try {
        const response = await http(path("frontend.b2b.quick-order.upload"), { method: "POST", body, signal: controller.signal });
        const answer = readUploadAnswer(response.status, await response.json().catch(() => undefined));
        if (controller.signal.aborted) return;
        setState(answer.ok ? { step: "success", file, result: answer.result } : { step: "failed", file, message: answer.message });
      } catch {
        if (!controller.signal.aborted) setState({ step: "failed", file, message: null });
      }
    },
    [path],
  );

  return { state, choose, upload };
}
