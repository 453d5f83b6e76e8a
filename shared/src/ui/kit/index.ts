export { Field, type FieldProps } from './Field';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { DecimalField, type DecimalFieldProps } from './DecimalField';
export { CodeInput, RESEND_WAIT_SECONDS, type CodeInputProps } from './CodeInput';
export { ImagePicker, type ImagePickerProps } from './ImagePicker';
export {
  compressImage,
  scaleToFit,
  checkImageFile,
  fileSizeLimit,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  IMAGE_MAX_SIDE,
  IMAGE_QUALITY,
  FILE_SIZE_LIMIT_MB,
  type CompressOptions,
  type CompressDeps,
  type ImageProblem,
} from './image';
export { PullToRefresh, PULL_THRESHOLD, type PullToRefreshProps } from './PullToRefresh';
export { useValidationText } from './useValidationText';
export { KIT_NAMESPACE, type KitTextKey } from './texts';
export { CoinIcon, type CoinIconProps } from './CoinIcon';
export { coinIconUrl, COIN_ICONS_VERSION } from './coin-icon-path';
