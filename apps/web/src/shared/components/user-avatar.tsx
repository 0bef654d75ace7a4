import { Avatar } from "antd";
import { useImageSource } from "../hooks/use-image-source";

export interface UserAvatarProps {
  name: string;
  image?: string | null;
  size?: number;
}

/** Circular avatar: the image, or the uppercased first letter of the name. */
export function UserAvatar({ name, image, size = 40 }: UserAvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase();
  const source = useImageSource(image);
  if (source) return <Avatar shape="circle" size={size} src={source} alt={name} />;
  return (
    <Avatar
      shape="circle"
      size={size}
      style={{ backgroundColor: "#1b5e20", color: "#fff" }}
      aria-label={name}
    >
      {initial}
    </Avatar>
  );
}
