package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

// Las fichas (tokens) son de dos clases: la de sesión dice qué jugador
// entró, y la de asiento, que es la que juega, dice qué asiento de qué
// partida ocupa ese jugador. Las dos están firmadas con HMAC-SHA256 y una
// clave secreta del servidor, guardada junto al almacén: sobreviven a que
// el servidor se reinicie, y nadie puede fabricarlas ni cambiar uno de sus
// números sin que la firma deje de coincidir.

const (
	claseSesion  byte = 's'
	claseAsiento byte = 'a'
	largoFirma        = 16
)

// firmante firma y verifica fichas con una clave.
type firmante struct{ clave []byte }

// cargarClave lee la clave de ruta o, si no existe, crea una al azar y la
// guarda con permisos 0600.
func cargarClave(ruta string) (firmante, error) {
	b, err := os.ReadFile(ruta)
	if err == nil && len(b) >= 32 {
		return firmante{clave: b}, nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return firmante{}, err
	}
	b = make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return firmante{}, err
	}
	if err := os.WriteFile(ruta, b, 0o600); err != nil {
		return firmante{}, fmt.Errorf("guardando la clave: %w", err)
	}
	return firmante{clave: b}, nil
}

func (f firmante) firma(datos []byte) []byte {
	m := hmac.New(sha256.New, f.clave)
	m.Write(datos)
	return m.Sum(nil)[:largoFirma]
}

// emitir firma la clase y los números.
func (f firmante) emitir(clase byte, nums ...int64) string {
	datos := []byte{clase}
	for _, n := range nums {
		datos = binary.BigEndian.AppendUint64(datos, uint64(n))
	}
	return base64.RawURLEncoding.EncodeToString(append(datos, f.firma(datos)...))
}

// leer verifica una ficha de la clase dada con k números y los devuelve.
func (f firmante) leer(ficha string, clase byte, k int) ([]int64, error) {
	if len(ficha) > 128 {
		return nil, ErrFichaInvalida
	}
	b, err := base64.RawURLEncoding.DecodeString(ficha)
	if err != nil || len(b) != 1+8*k+largoFirma || b[0] != clase {
		return nil, ErrFichaInvalida
	}
	datos, firma := b[:1+8*k], b[1+8*k:]
	if !hmac.Equal(firma, f.firma(datos)) {
		return nil, ErrFichaInvalida
	}
	nums := make([]int64, k)
	for i := range nums {
		nums[i] = int64(binary.BigEndian.Uint64(datos[1+8*i:]))
	}
	return nums, nil
}

// sesion es la ficha de sesión del jugador id.
func (f firmante) sesion(id int64) string { return f.emitir(claseSesion, id) }

// leerSesion devuelve el jugador de una ficha de sesión.
func (f firmante) leerSesion(ficha string) (int64, error) {
	n, err := f.leer(ficha, claseSesion, 1)
	if err != nil {
		return 0, err
	}
	return n[0], nil
}

// asiento es la ficha del asiento a de la partida p, ocupado por el
// jugador id.
func (f firmante) asiento(p int64, a int, id int64) string {
	return f.emitir(claseAsiento, p, int64(a), id)
}

// leerAsiento devuelve la partida, el asiento y el jugador de una ficha de
// asiento.
func (f firmante) leerAsiento(ficha string) (p int64, a int, id int64, err error) {
	n, err := f.leer(ficha, claseAsiento, 3)
	if err != nil {
		return 0, 0, 0, err
	}
	return n[0], int(n[1]), n[2], nil
}
