import { z } from "zod";
import {
  criterionSchema,
  emailSchema,
  identityCardSchema,
  idSchema,
  latitudeSchema,
  listResponseSchema,
  longitudeSchema,
  requiredText,
  roleSchema,
  sortedListQuerySchema,
  statusSchema,
  telephoneSchema,
  vehicleCapacitySchema,
} from "./common.js";

/** Search query of `GET Employee` / `GET Collaborator` (max 20 results). */
export const searchQuerySchema = z.object({
  criterion: criterionSchema,
});

export const EMPLOYEE_SORT_FIELDS = ["codeEmployee", "name", "lastname", "createdDate"] as const;
/** `location=missing`: the "Sin ubicación" filter (collaborators with no home to plan from). */
export const EMPLOYEE_LOCATION_FILTERS = ["missing"] as const;
export const employeeListQuerySchema = sortedListQuerySchema(EMPLOYEE_SORT_FIELDS).safeExtend({
  location: z.enum(EMPLOYEE_LOCATION_FILTERS, { message: "Filtro de ubicación inválido" }).optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

export const employeeListItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  department: z.string().nullable(),
  jobTitle: z.string().nullable(),
  telephone: z.string().nullable(),
  branchOfficeId: z.number().int().nullable(),
  branchOfficeName: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  role: roleSchema,
  status: statusSchema,
  createdDate: z.string(),
});
export type EmployeeListItem = z.infer<typeof employeeListItemSchema>;
export const employeeListResponseSchema = listResponseSchema(employeeListItemSchema);
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;

export const employeeSearchItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
});
export type EmployeeSearchItem = z.infer<typeof employeeSearchItemSchema>;

export const employeeCodeQrRequestSchema = z.object({ employeeId: idSchema });
export type EmployeeCodeQrRequest = z.infer<typeof employeeCodeQrRequestSchema>;
export const codeQrResponseSchema = z.object({ codeQr: z.string() });
export type CodeQrResponse = z.infer<typeof codeQrResponseSchema>;

export const employeeLocationRequestSchema = z.object({
  employeeId: idSchema,
  address: requiredText(250),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export type EmployeeLocationRequest = z.infer<typeof employeeLocationRequestSchema>;

export const employeeLocationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type EmployeeLocationItem = z.infer<typeof employeeLocationItemSchema>;

export const employeeProfileSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  department: z.string().nullable(),
  jobTitle: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string(),
  image: z.string().nullable(),
  codeQr: z.string(),
  branchOfficeName: z.string().nullable(),
});
export type EmployeeProfile = z.infer<typeof employeeProfileSchema>;

export const employeeProfileUpdateSchema = z.object({
  name: requiredText(80),
  lastname: requiredText(80),
  telephone: telephoneSchema,
  jobTitle: requiredText(80).optional(),
});
export type EmployeeProfileUpdate = z.infer<typeof employeeProfileUpdateSchema>;

/**
 * The sign-in e-mail on a person's page (PUT Employee, PUT driver): left out, it stays; a new one
 * ends the person's sessions and tells the old address (the only place it changes: never an import).
 */
export const loginEmailUpdateSchema = emailSchema.optional();

/** PUT Employee: an admin edits a collaborator's employee data and sign-in e-mail (the role has its own call). */
export const employeeUpdateRequestSchema = z.object({
  id: idSchema,
  name: requiredText(80),
  lastname: requiredText(80),
  codeEmployee: requiredText(30),
  department: requiredText(80),
  jobTitle: requiredText(80),
  telephone: telephoneSchema,
  branchOfficeId: idSchema,
  email: loginEmailUpdateSchema,
});
export type EmployeeUpdateRequest = z.infer<typeof employeeUpdateRequestSchema>;

export const DRIVER_SORT_FIELDS = ["name", "lastname", "createdDate"] as const;
export const driverListQuerySchema = sortedListQuerySchema(DRIVER_SORT_FIELDS);
export type DriverListQuery = z.infer<typeof driverListQuerySchema>;

export const driverListItemSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  identityCard: z.string(),
  telephone: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  vehiclePlate: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleCapacity: z.number().int().nullable(),
  status: statusSchema,
  createdDate: z.string(),
});
export type DriverListItem = z.infer<typeof driverListItemSchema>;
export const driverListResponseSchema = listResponseSchema(driverListItemSchema);
export type DriverListResponse = z.infer<typeof driverListResponseSchema>;

export const driverUpdateRequestSchema = z.object({
  id: idSchema,
  name: requiredText(80),
  lastname: requiredText(80),
  identityCard: identityCardSchema,
  telephone: telephoneSchema,
  licenseNumber: requiredText(30),
  supplierId: idSchema,
  vehiclePlate: requiredText(15),
  vehicleModel: requiredText(80),
  vehicleCapacity: vehicleCapacitySchema,
  email: loginEmailUpdateSchema,
});
export type DriverUpdateRequest = z.infer<typeof driverUpdateRequestSchema>;

export const driverNameItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
});
export type DriverNameItem = z.infer<typeof driverNameItemSchema>;

export const driverWithSupplierItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
});
export type DriverWithSupplierItem = z.infer<typeof driverWithSupplierItemSchema>;

export const driverCodeQrParamsSchema = z.object({ codeQrId: idSchema });

export const driverProfileSchema = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  telephone: z.string().nullable(),
  identityCard: z.string(),
  supplierName: z.string(),
  image: z.string().nullable(),
});
export type DriverProfile = z.infer<typeof driverProfileSchema>;

export const USER_SORT_FIELDS = ["email", "createdDate", "lastSignInDate"] as const;
export const userListQuerySchema = sortedListQuerySchema(USER_SORT_FIELDS);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  status: statusSchema,
  name: z.string().nullable(),
  lastname: z.string().nullable(),
  createdDate: z.string(),
  lastSignInDate: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListResponseSchema = listResponseSchema(userListItemSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const profileImageParamsSchema = z.object({ userId: idSchema });
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TOO_LARGE = "La imagen no puede superar 2 MB";
export const PROFILE_IMAGE_BAD_FORMAT = "Formato de imagen no permitido (PNG, JPEG o WebP)";
export const PROFILE_IMAGE_UNREADABLE = "La imagen está dañada o no se puede leer";
/** Every stored profile image: re-encoded to WebP, at most this many pixels on each side. */
export const PROFILE_IMAGE_SIDE = 512;
export const profileImageResponseSchema = z.object({ image: z.string(), etag: z.string() });
export type ProfileImageResponse = z.infer<typeof profileImageResponseSchema>;
