/**
 * The emoji picker's height, known before its chunk loads: the popover places
 * itself from the size its content has when it opens, and a spinner's size
 * put the grown picker below the bottom of the screen.
 */
export const EMOJI_PICKER_HEIGHT_PX = 260;
