import { Text, type TextProps } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * One line of text that ends in '…' when it does not fit (a 50-character manual number must not
 * push Amount, Status and Actions off screen). Cut text shows in full on hover (title) and on
 * keyboard focus: only then is it a Tab stop, so lists of short values add none. The text is
 * isolated from the screen's direction (a name in the other script reads whole, punctuation included).
 */
export function TruncatedText({ text, maxW = '18rem', ...props }: { text: string } & TextProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Shown whole while focused, the text fits: keep it a Tab stop until focus leaves.
    const measure = () => document.activeElement !== element && setCut(element.scrollWidth > element.clientWidth);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [text]);
  return (
    <Text
      ref={ref}
      as="span"
      display="block"
      maxW={maxW}
      truncate
      title={cut ? text : undefined}
      tabIndex={cut ? 0 : undefined}
      _focusVisible={{
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        outline: '2px solid',
        outlineColor: 'colorPalette.focusRing',
      }}
      {...props}
    >
      {/* Isolated: a Latin name ending in '.' keeps its period at its end on an Arabic screen. */}
      <bdi>{text}</bdi>
    </Text>
  );
}
