export {
  EXCEL_DOWNLOAD_ERROR_MESSAGE,
  EXCEL_MIME_TYPE,
  type ExcelParams,
  excelErrorMessage,
  fetchExcel,
  postExcel,
  saveBlob,
} from "./download-excel";
export { ExcelDownloadButton, type ExcelDownloadButtonProps } from "./excel-download-button";
