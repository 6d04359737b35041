/** The upload's texts, as the server gives them (`{name}`, `{progress}` filled in the browser). */
export type UploadLabels = {
  choose: string;
  camera: string;
  sending: string;
  retrying: string;
  done: string;
  failed: string;
  errors: Record<string, string>;
};

export type AskLabels = { title: string; text: string; email: string; send: string; sent: string; error: string; limited: string };

/** The mailed link's page: its button, and what each refusal of `/api/dossier/open` tells the client. */
export type OpenLabels = { open: string; opening: string; missing: string; ask: string; errors: Record<string, string> };
