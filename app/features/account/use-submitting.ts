import { useNavigation } from "react-router";

/** Whether the form with this `intent` is being sent (its button is disabled meanwhile). */
export function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}
