import { describe, expect, it } from "vitest";
import {
  genericStopName,
  safeStopAddress,
  safeStopName,
  sectorOf,
  stopNameFor,
  streetOf,
} from "./stop-names.js";

describe("stop names without a home (issue 33)", () => {
  it.each([
    ["Calle José Brea Peña #14, Evaristo Morales, Santo Domingo", "Calle José Brea Peña"],
    ["Av. Winston Churchill No. 95, Piantini", "Av. Winston Churchill"],
    ["Calle Primera Nº 12, Arroyo Hondo", "Calle Primera"],
    ["Calle Luis F. Thomen n.º 110, Evaristo Morales", "Calle Luis F. Thomen"],
    ["Calle Duarte Núm. 45", "Calle Duarte"],
    ["Calle Los Pinos 12-B", "Calle Los Pinos"],
    ["23 Calle Las Flores, Apto 4B, Naco", "Calle Las Flores"],
    ["Calle Las Flores 23 Apto 4", "Calle Las Flores"],
    ["Calle Roberto Pastoriza 352, Casa 3", "Calle Roberto Pastoriza"],
    ["Edif. Torre Azul, Apto 3B, Gustavo Mejía Ricart 54, Serrallés", "Gustavo Mejía Ricart"],
    ["Residencial Los Prados, Calle 5 #3", "Calle 5"],
    ["Autopista Duarte Km 9 1/2, Santo Domingo Oeste", "Autopista Duarte"],
    ["#12, Calle Sin Nombre", "Calle Sin Nombre"],
    ["1600 Pennsylvania Ave NW, Washington", "Pennsylvania Ave NW"],
  ])("%s → %s", (address, street) => {
    expect(streetOf(address)).toBe(street);
  });

  it("keeps what names the street itself: a number street, an ordinal, a date", () => {
    expect(streetOf("Calle 8 #14, Los Mina")).toBe("Calle 8");
    expect(streetOf("Calle 8 14")).toBe("Calle 8");
    expect(streetOf("C/ 3ra #5, Los Prados")).toBe("C/ 3ra");
    expect(streetOf("Av. 27 de Febrero 245, Naco")).toBe("Av. 27 de Febrero");
    expect(streetOf("Calle Olof Palme esq. Nuñez de Cáceres")).toBe("Calle Olof Palme esq. Nuñez de Cáceres");
  });

  it("nothing of a street: null, then the landmark, then «Parada N»", () => {
    expect(streetOf("#14")).toBeNull();
    expect(streetOf("Calle Nº12")).toBeNull();
    expect(streetOf("Apto 4B")).toBeNull();
    expect(streetOf(null)).toBeNull();
    expect(stopNameFor({ address: "Apto 4B", landmark: "Cerca de Plaza Central" }, 3)).toBe(
      "Cerca de Plaza Central",
    );
    expect(stopNameFor({ address: null }, 3)).toBe("Parada 3");
    expect(stopNameFor({ address: "Calle El Sol #7, Los Jardines", landmark: "Cerca de X" }, 3)).toBe(
      "Calle El Sol",
    );
  });

  it("an address a co-rider may see: every part without numbers or dwelling, and its neighbourhood", () => {
    const home = "Calle José Brea Peña #14, Apto 3B, Evaristo Morales, Santo Domingo";
    expect(safeStopAddress(home)).toBe("Calle José Brea Peña, Evaristo Morales, Santo Domingo");
    expect(sectorOf(home)).toBe("Evaristo Morales");
    expect(safeStopAddress("#14, Apto 2")).toBeNull();
  });

  it("a stored name is cleaned the same way; «Parada N» stays, an emptied name becomes «Parada N»", () => {
    expect(safeStopName("Calle El Conde #205, Zona Colonial", 2)).toBe("Calle El Conde, Zona Colonial");
    expect(safeStopName("Parada 3", 3)).toBe("Parada 3");
    expect(safeStopName("Los Prados", 1)).toBe("Los Prados");
    expect(safeStopName("#205", 4)).toBe(genericStopName(4));
  });

  it("never keeps the house number of any «<vía> <nombre> <marca><número>, <vivienda>, <sector>» address", () => {
    const ways = ["Calle", "Av.", "C/", "Avenida", "Callejón", ""];
    const names = ["Duarte", "José Peña Mella"];
    const marks = ["#", "# ", "No. ", "No ", "Núm. ", "Nº ", "N° ", "n.º ", ""];
    const suffixes = ["", "A", "-B"];
    const dwellings = ["", ", Apto 4B", " Apt. 12", ", Edif. 3", ", Casa 9"];
    const sectors = ["", ", Los Prados, Santo Domingo"];
    let number = 100;
    let checked = 0;
    for (const way of ways)
      for (const name of names)
        for (const mark of marks)
          for (const suffix of suffixes)
            for (const dwelling of dwellings)
              for (const sector of sectors) {
                number += 7;
                const house = String(number);
                const address = `${way} ${name} ${mark}${house}${suffix}${dwelling}${sector}`.trim();
                const stop = stopNameFor({ address }, 1);
                expect(stop, address).not.toContain(house);
                expect(safeStopAddress(address) ?? "", address).not.toContain(house);
                expect(stop, address).not.toMatch(/#|\bapto\b|\bapt\b|\bedif\b|\bcasa\b/i);
                expect(safeStopName(address, 1), address).not.toContain(house);
                checked++;
              }
    expect(checked).toBe(ways.length * names.length * marks.length * 3 * dwellings.length * sectors.length);
  });
});
