// What a locale without a translation shows instead of its fields (issue 28): start from the
// default's texts (a translator then translates in place), or from nothing.
import { Button } from '../../../components/ui/button';

export interface MissingTranslationProps {
  languageName: string;
  defaultLanguageName: string;
  onStartFromDefault: () => void;
  onStartEmpty: () => void;
}

export function MissingTranslation({
  languageName,
  defaultLanguageName,
  onStartFromDefault,
  onStartEmpty,
}: MissingTranslationProps) {
  return (
    <div className="border-border bg-subtle flex flex-col items-start gap-3 rounded-lg border border-dashed p-5">
      <div>
        <h2 className="text-fg text-base font-semibold">No {languageName} translation yet</h2>
        <p className="text-muted mt-1 text-sm">
          Customers whose language is {languageName} get the {defaultLanguageName} message. Start
          from the {defaultLanguageName} subject, text and HTML and translate them in place, or
          start from empty fields.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={onStartFromDefault}>
          Start from {defaultLanguageName}
        </Button>
        <Button onClick={onStartEmpty}>Start empty</Button>
      </div>
    </div>
  );
}
