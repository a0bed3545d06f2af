package hojas

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante"
)

// tablaAlAzar es una tabla de la variante con valores y rectas de
// victorias al azar.
func tablaAlAzar(t *rapid.T) (*Tabla, *variante.Variante) {
	v := varianteAlAzar(t)
	tb, err := Nueva(v)
	require.NoError(t, err)
	for i := 1; i < len(tb.valores); i++ {
		tb.valores[i] = int16(rapid.IntRange(-32768, 32767).Draw(t, "valor"))
	}
	if rapid.Bool().Draw(t, "victorias") {
		tb.victorias = make([]recta, rapid.IntRange(1, 20).Draw(t, "rectas"))
		for i := range tb.victorias {
			tb.victorias[i] = recta{float32(rapid.Float64Range(-3, 3).Draw(t, "a")), float32(rapid.Float64Range(0.001, 1).Draw(t, "b"))}
		}
	}
	return tb, v
}

func TestIdaYVuelta(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb, v := tablaAlAzar(t)
		b, err := tb.MarshalBinary()
		require.NoError(t, err)
		otra, err := Decodificar(b, v, Opciones{})
		require.NoError(t, err)
		require.Equal(t, tb.valores, otra.valores)
		require.Equal(t, tb.victorias, otra.victorias)
		var w bytes.Buffer
		_, err = tb.WriteTo(&w)
		require.NoError(t, err)
		otra, err = Leer(&w, v, Opciones{})
		require.NoError(t, err)
		require.Equal(t, tb.valores, otra.valores)
	})
}

// Cualquier byte cambiado, cualquier recorte y cualquier agregado se
// rechazan con ErrTablaInvalida, sin pánico.
func TestDaniadas(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb, v := tablaAlAzar(t)
		b, _ := tb.MarshalBinary()
		i := rapid.IntRange(0, len(b)-1).Draw(t, "byte")
		mal := bytes.Clone(b)
		mal[i] ^= byte(rapid.IntRange(1, 255).Draw(t, "xor"))
		_, err := Decodificar(mal, v, Opciones{})
		require.ErrorIs(t, err, ErrTablaInvalida)
		_, err = Decodificar(b[:i], v, Opciones{})
		require.ErrorIs(t, err, ErrTablaInvalida)
		_, err = Leer(bytes.NewReader(append(bytes.Clone(b), 0)), v, Opciones{})
		require.ErrorIs(t, err, ErrTablaInvalida)
	})
}

// Una tabla sana de otra variante se rechaza con ErrOtraVariante.
func TestOtraVariante(t *testing.T) {
	a := varianteChica(t, []int{3, 2, 1, 4, 2}, 2, 7)
	b := []struct {
		nombre string
		copias []int
		com, f int
	}{
		{"otra bolsa", []int{3, 2, 1, 4, 3}, 2, 7},
		{"sin comodines", []int{3, 2, 1, 4, 2}, 0, 7},
		{"otra mano", []int{3, 2, 1, 4, 2}, 2, 6},
		{"una letra menos", []int{3, 2, 1, 4, 0}, 2, 7},
	}
	ta, err := Nueva(a)
	require.NoError(t, err)
	datos, _ := ta.MarshalBinary()
	for _, c := range b {
		_, err := Decodificar(datos, varianteChica(t, c.copias, c.com, c.f), Opciones{})
		require.ErrorIs(t, err, ErrOtraVariante, c.nombre)
		require.False(t, errors.Is(err, ErrTablaInvalida), c.nombre)
	}
	// Otro alfabeto con la misma bolsa: la huella lo distingue.
	_, err = Decodificar(datos, varianteOtroAlfabeto(t, []int{3, 2, 1, 4, 2}, 2, 7), Opciones{})
	require.ErrorIs(t, err, ErrOtraVariante)
}

// Una tabla que pasa Opciones.MaxBytes se rechaza con un error que envuelve
// a ErrTablaInvalida y a limite.Err; Leer no lee más de la cabecera.
func TestLimites(t *testing.T) {
	v := varianteChica(t, []int{3, 2, 1, 4, 2}, 2, 7)
	tb, err := Nueva(v)
	require.NoError(t, err)
	datos, _ := tb.MarshalBinary()
	op := Opciones{MaxBytes: int64(len(datos) - 1)}
	_, err = Decodificar(datos, v, op)
	require.ErrorIs(t, err, ErrTablaInvalida)
	require.ErrorIs(t, err, limite.Err)
	var lim *limite.Error
	require.ErrorAs(t, err, &lim)
	require.Equal(t, "hojas.Opciones.MaxBytes", lim.Limite)
	require.Equal(t, op.MaxBytes, lim.Valor)
	r := bytes.NewReader(datos)
	_, err = Leer(r, v, op)
	require.ErrorIs(t, err, limite.Err)
	require.Equal(t, len(datos)-largoCabecera(len(tb.forma.letras)), r.Len(), "Leer se detuvo en la cabecera")
	// Justo en el límite se lee; por omisión, 64 MiB.
	op.MaxBytes++
	_, err = Decodificar(datos, v, op)
	require.NoError(t, err)
	_, err = Leer(bytes.NewReader(datos), v, op)
	require.NoError(t, err)
	require.NoError(t, Opciones{}.limite(OmisionMaxBytes))
	require.ErrorIs(t, Opciones{}.limite(OmisionMaxBytes+1), limite.Err)
}

// FuzzDecodificar: ninguna entrada provoca un pánico, Leer y Decodificar
// aceptan lo mismo (también con un límite chico), y lo que se acepta se
// vuelve a codificar igual.
func FuzzDecodificar(f *testing.F) {
	v := varianteChica(f, []int{2, 1, 1, 0, 1}, 1, 4)
	tb, err := Nueva(v)
	require.NoError(f, err)
	for i := range tb.valores[1:] {
		tb.valores[i+1] = int16(37 * i)
	}
	b, _ := tb.MarshalBinary()
	f.Add(b)
	tb.victorias = []recta{{0, 0.01}, {0.1, 0.02}}
	b, _ = tb.MarshalBinary()
	f.Add(b)
	f.Add([]byte(magia))
	f.Fuzz(func(t *testing.T, datos []byte) {
		tb, err := Decodificar(datos, v, Opciones{})
		_, errLeer := Leer(bytes.NewReader(datos), v, Opciones{})
		if (err == nil) != (errLeer == nil) {
			t.Fatalf("Decodificar: %v; Leer: %v", err, errLeer)
		}
		chico := Opciones{MaxBytes: 64}
		_, errChico := Decodificar(datos, v, chico)
		_, errLeerChico := Leer(bytes.NewReader(datos), v, chico)
		if (errChico == nil) != (errLeerChico == nil) || (errChico == nil && len(datos) > 64) {
			t.Fatalf("con MaxBytes 64: Decodificar: %v; Leer: %v", errChico, errLeerChico)
		}
		if err != nil {
			if !errors.Is(err, ErrTablaInvalida) && !errors.Is(err, ErrOtraVariante) {
				t.Fatalf("error sin centinela: %v", err)
			}
			return
		}
		otra, _ := tb.MarshalBinary()
		if !bytes.Equal(otra, datos) {
			t.Fatalf("ida y vuelta distinta")
		}
	})
}
