import { LoadingOutlined, PlusOutlined } from "@ant-design/icons";
import { getErrorMessage } from "@treiber/client";
import { App, Upload } from "antd";
import { useImageSource } from "../../../shared/hooks/use-image-source";
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  useUploadProfileImage,
} from "../api/upload-profile-image";

/** Avatar upload box (178px) showing the profile image (170px). PNG, JPEG or WebP up to 2 MB. */
export function ProfileImageUpload(props: { userId: number; image: string | null }) {
  const { message } = App.useApp();
  const upload = useUploadProfileImage(props.userId);
  const source = useImageSource(props.image);

  const beforeUpload = (file: File) => {
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      message.error("Formato de imagen no permitido (PNG, JPEG o WebP)");
      return Upload.LIST_IGNORE;
    }
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      message.error("La imagen no puede superar 2 MB");
      return Upload.LIST_IGNORE;
    }
    upload.mutate(file, {
      onSuccess: () => message.success("Foto de perfil actualizada"),
      onError: (error) => message.error(getErrorMessage(error)),
    });
    return false;
  };

  return (
    <Upload
      accept={PROFILE_IMAGE_TYPES.join(",")}
      listType="picture-card"
      showUploadList={false}
      beforeUpload={beforeUpload}
      className="profile-image-upload"
      style={{ width: 178, height: 178 }}
    >
      <div
        style={{ width: 178, height: 178, display: "flex", alignItems: "center", justifyContent: "center" }}
        data-testid="profile-image-box"
      >
        {source && !upload.isPending ? (
          <img
            src={source}
            alt="Foto de perfil"
            style={{ width: 170, height: 170, objectFit: "cover", borderRadius: 8 }}
          />
        ) : (
          <div>
            {upload.isPending ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>Subir foto</div>
          </div>
        )}
      </div>
    </Upload>
  );
}
