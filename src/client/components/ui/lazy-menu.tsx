import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  useTransition,
  type ButtonHTMLAttributes,
  type ComponentType,
  type ReactElement,
} from "react";

type TriggerElement = ReactElement<ButtonHTMLAttributes<HTMLButtonElement>>;

/** What a lazily loaded menu is given: the trigger to wrap in its own (Radix `asChild`) trigger. It mounts open. */
export interface LazyMenuProps {
  trigger: TriggerElement;
}

/**
 * A menu (dropdown, popover, drawer) whose code is fetched when its trigger is first used, not with the page (issue
 * 25: the shell's three menus and the Radix and floating-ui code under them weighed about 20 KB on every signed-in
 * screen). Until then the trigger is drawn alone, the same button, so nothing moves; pointing at it or focusing it
 * starts the download, and a click opens the menu once its code is there (a transition keeps the plain trigger on
 * screen meanwhile). The menu mounts open and stays mounted, so it closes, and hands the focus back to its trigger,
 * as an eagerly loaded one does.
 */
export function lazyMenu<Props extends LazyMenuProps>(load: () => Promise<ComponentType<Props>>) {
  const Menu = lazy(async () => ({ default: await load() }));
  const prefetch = () => void load();
  return function LazyMenu(props: Props) {
    const [used, setUsed] = useState(false);
    const [, startTransition] = useTransition();
    // One boundary around both, already on screen: the transition then keeps the plain trigger until the menu is in.
    return (
      <Suspense fallback={props.trigger}>
        {used ? (
          <Menu {...props} />
        ) : (
          cloneElement(props.trigger, {
            "aria-expanded": false,
            onPointerEnter: (event) => {
              prefetch();
              props.trigger.props.onPointerEnter?.(event);
            },
            onFocus: (event) => {
              prefetch();
              props.trigger.props.onFocus?.(event);
            },
            onClick: () => startTransition(() => setUsed(true)),
          })
        )}
      </Suspense>
    );
  };
}
