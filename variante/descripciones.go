package variante

import (
	_ "embed" // las descripciones incluidas
	"slices"
	"strings"
	"sync"
)

// Las descripciones incluidas, cada una en su archivo de descripciones/. Se
// embeben como textos sueltos (no con embed.FS, que enlazaría io/fs y
// time en todo programa que use una variante).
var (
	//go:embed descripciones/aleman.txt
	descAleman string
	//go:embed descripciones/catalan.txt
	descCatalan string
	//go:embed descripciones/esloveno.txt
	descEsloveno string
	//go:embed descripciones/espanol.txt
	descEspanol string
	//go:embed descripciones/espanol-fise.txt
	descEspanolFise string
	//go:embed descripciones/frances.txt
	descFrances string
	//go:embed descripciones/holandes.txt
	descHolandes string
	//go:embed descripciones/ingles.txt
	descIngles string
	//go:embed descripciones/ingles-21.txt
	descIngles21 string
	//go:embed descripciones/noruego.txt
	descNoruego string
	//go:embed descripciones/polaco.txt
	descPolaco string
)

// incluidas son los textos de las descripciones incluidas.
var incluidas = []string{descAleman, descCatalan, descEsloveno, descEspanol, descEspanolFise, descFrances, descHolandes, descIngles, descIngles21, descNoruego, descPolaco}

// leidas lee una vez las descripciones incluidas, ordenadas por nombre.
var leidas = sync.OnceValue(func() []*Descripcion {
	var res []*Descripcion
	for _, texto := range incluidas {
		d, err := LeerDescripcion(strings.NewReader(texto), OpcionesDescripcion{})
		if err != nil {
			panic("variante: descripción incluida inválida: " + err.Error()) // las pruebas leen cada una
		}
		res = append(res, d)
	}
	slices.SortFunc(res, func(a, b *Descripcion) int { return strings.Compare(a.Nombre, b.Nombre) })
	return res
})

// Descripciones devuelve las descripciones incluidas en el paquete,
// ordenadas por nombre: "aleman", "catalan", "esloveno", "espanol" (la de
// la especificación, sin reglas clásicas), "espanol-fise", "frances",
// "holandes", "ingles", "ingles-21" (el tablero de 21×21 con 200 fichas),
// "noruego" y "polaco". Cada una cita en Fuente la distribución publicada
// que sigue. Solo las españolas traen lista de palabras (Lista "espanol":
// la embebida en variante/espanol); las demás se usan con la que dé quien
// las usa ([Descripcion.LeerVariante]). Las descripciones son copias:
// modificarlas no cambia las del paquete.
func Descripciones() []*Descripcion {
	ds := leidas()
	res := make([]*Descripcion, len(ds))
	for i, d := range ds {
		res[i] = d.Clonar()
	}
	return res
}

// PorNombre devuelve la descripción incluida cuyo nombre o alguno de sus
// alias es nombre, sin distinguir mayúsculas: "catalan", "french" (el "ld"
// de CGP), "CSW" (la familia de un "#lexicon" de GCG). Si no hay ninguna,
// prueba sin los dígitos y el guion bajo del final ("CSW21" → "CSW",
// "NWL2020" → "NWL", "FISE2" → "FISE"). Informa false si no encuentra
// ninguna. La descripción es una copia.
func PorNombre(nombre string) (*Descripcion, bool) {
	buscar := func(n string) (*Descripcion, bool) {
		for _, d := range leidas() {
			if strings.EqualFold(d.Nombre, n) || slices.ContainsFunc(d.Alias, func(a string) bool { return strings.EqualFold(a, n) }) {
				return d.Clonar(), true
			}
		}
		return nil, false
	}
	if d, ok := buscar(nombre); ok {
		return d, true
	}
	if corto := strings.TrimRight(nombre, "0123456789_"); corto != nombre && corto != "" {
		return buscar(corto)
	}
	return nil, false
}
