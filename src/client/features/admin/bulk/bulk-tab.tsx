import { BulkUpload } from "./bulk-upload";
import { JsonFormatGuide } from "./json-format-guide";
import { PronunciationCheck } from "./pronunciation-check";

/** Pronunciation test, the JSON format guide and the bulk upload. */
export function BulkTab({
  topicId,
  onTopicChange,
}: {
  topicId: number | null;
  onTopicChange: (topicId: number | null) => void;
}) {
  return (
    <div className="space-y-6">
      <PronunciationCheck topicId={topicId} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <BulkUpload topicId={topicId} onTopicChange={onTopicChange} />
        <JsonFormatGuide />
      </div>
    </div>
  );
}
