import { z } from "zod";
import {
  emailSchema,
  identityCardSchema,
  idSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  REQUIRED_MESSAGE,
  requiredText,
  roleSchema,
  telephoneSchema,
  vehicleCapacitySchema,
} from "./common.js";

export const PASSWORD_MIN_LENGTH = 8;
/** Password rules, with Spanish messages. */
export const passwordSchema = z
  .string({ message: REQUIRED_MESSAGE })
  .min(1, REQUIRED_MESSAGE)
  .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`)
  .max(128, "La contraseña no puede tener más de 128 caracteres")
  .regex(/[a-záéíóúñ]/, "La contraseña debe tener al menos una letra minúscula")
  .regex(/[A-ZÁÉÍÓÚÑ]/, "La contraseña debe tener al menos una letra mayúscula")
  .regex(/\d/, "La contraseña debe tener al menos un número");

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: REQUIRED_MESSAGE })
    .min(1, REQUIRED_MESSAGE)
    .max(128, "Credenciales inválidas"),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const sessionUserSchema = z.object({
  name: z.string(),
  lastname: z.string(),
  jobTitle: z.string().nullable(),
  image: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signInResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  roles: z.array(roleSchema),
  userId: z.number().int(),
  mustChangePassword: z.boolean(),
  user: sessionUserSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const refreshTokenRequestSchema = z.object({
  refreshToken: z.string({ message: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(200, "Token inválido"),
});

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ message: REQUIRED_MESSAGE })
    .min(1, REQUIRED_MESSAGE)
    .max(128, "Contraseña inválida"),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const forgetPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgetPasswordRequest = z.infer<typeof forgetPasswordRequestSchema>;

/** Digits of the code mailed by forgetPassword. */
export const RESET_CODE_LENGTH = 8;
export const changePasswordForgetRequestSchema = z.object({
  email: emailSchema,
  code: z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `El código debe tener ${RESET_CODE_LENGTH} dígitos`),
  newPassword: passwordSchema,
});
export type ChangePasswordForgetRequest = z.infer<typeof changePasswordForgetRequestSchema>;

export const regeneratePasswordRequestSchema = z.object({ userId: idSchema });
export type RegeneratePasswordRequest = z.infer<typeof regeneratePasswordRequestSchema>;
/** `temporaryPassword` only for a SuperAdmin; anyone else's user receives it only by mail. */
export const regeneratePasswordResponseSchema = z.object({
  userId: z.number().int(),
  temporaryPassword: z.string().optional(),
  message: z.string(),
});
export type RegeneratePasswordResponse = z.infer<typeof regeneratePasswordResponseSchema>;

export const roleItemSchema = z.object({ id: z.number().int(), name: roleSchema });
export type RoleItem = z.infer<typeof roleItemSchema>;
export const roleUserRequestSchema = z.object({ userId: idSchema, role: roleSchema });
export type RoleUserRequest = z.infer<typeof roleUserRequestSchema>;

const employeeFields = {
  email: emailSchema,
  password: passwordSchema.optional(),
  name: requiredText(80),
  lastname: requiredText(80),
  codeEmployee: requiredText(30),
  department: requiredText(80),
  jobTitle: requiredText(80),
  telephone: telephoneSchema,
  branchOfficeId: idSchema,
  role: z.enum(["SuperAdmin", "Admin", "Collaborator"], { message: "Rol inválido" }).default("Collaborator"),
};

export const employeeSignupRequestSchema = z.object(employeeFields);
export type EmployeeSignupRequest = z.infer<typeof employeeSignupRequestSchema>;

export const locationSchema = z.object({
  address: requiredText(250),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export type LocationRequest = z.infer<typeof locationSchema>;

export const employeeLocationSignupRequestSchema = z.object({
  ...employeeFields,
  location: locationSchema,
});
export type EmployeeLocationSignupRequest = z.infer<typeof employeeLocationSignupRequestSchema>;

export const driverSignupRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema.optional(),
  name: requiredText(80),
  lastname: requiredText(80),
  identityCard: identityCardSchema,
  telephone: telephoneSchema,
  licenseNumber: requiredText(30),
  supplierId: idSchema,
  vehiclePlate: requiredText(15),
  vehicleModel: requiredText(80),
  vehicleCapacity: vehicleCapacitySchema,
  notes: optionalText(500),
});
export type DriverSignupRequest = z.infer<typeof driverSignupRequestSchema>;

export const signupResponseSchema = z.object({
  userId: z.number().int(),
  id: z.number().int(),
  temporaryPassword: z.string().optional(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** 403 of every call but the allowed ones while a temporary password is still to be changed. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = "Debe cambiar su contraseña temporal antes de continuar.";
